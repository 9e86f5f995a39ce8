//! Where rows live. Each person's rows (ledger, session, turns, cobros,
//! reminders, everything personal) live in one of N D1 databases, the
//! shards, bound as `SHARD_0` … `SHARD_{N-1}` and chosen by a stable hash
//! of the user id; N is the `SHARDS` variable. A small directory database
//! (`DIRECTORY`) holds what routes a request before the person is known:
//! login links and web sessions (token → user), and the operator's access
//! log. A Telegram update names its sender, so it goes straight to one
//! shard; a web request asks the directory for its session's user first.

use worker::Env;

use crate::store::Db;

/// The directory's binding.
const DIRECTORY: &str = "DIRECTORY";

/// The bindings' prefix: `SHARD_0`, `SHARD_1`, …
const SHARD_PREFIX: &str = "SHARD_";

/// Most shards one Worker binds; a `SHARDS` beyond it is a configuration
/// error, never a silent cap.
const MAX_SHARDS: u32 = 64;

/// The number of shards (`SHARDS`, 1 when unset).
pub fn count(env: &Env) -> worker::Result<u32> {
    let count = match env.var("SHARDS") {
        Ok(value) => value.to_string().trim().parse::<u32>().ok(),
        Err(_) => Some(1),
    };
    match count {
        Some(n) if (1..=MAX_SHARDS).contains(&n) => Ok(n),
        _ => Err(worker::Error::RustError(format!(
            "SHARDS must be a number from 1 to {MAX_SHARDS}"
        ))),
    }
}

/// The shard of `user_id` among `count`: FNV-1a (64 bits) of the id's
/// bytes, modulo the count. It never changes for an id, so a person's
/// rows stay where they are as long as N does (growing N moves people:
/// ARCHITECTURE.md says how).
pub fn index_of(user_id: &str, count: u32) -> u32 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in user_id.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (hash % u64::from(count.max(1))) as u32
}

/// The directory database.
pub fn directory(env: &Env) -> worker::Result<Db> {
    Ok(Db::new(env.d1(DIRECTORY)?))
}

/// Shard `index`.
pub fn shard(env: &Env, index: u32) -> worker::Result<Db> {
    Ok(Db::new(env.d1(&format!("{SHARD_PREFIX}{index}"))?))
}

/// The shard that holds `user_id`'s rows.
pub fn for_user(env: &Env, user_id: &str) -> worker::Result<Db> {
    shard(env, index_of(user_id, count(env)?))
}

/// Every shard, in order.
pub fn all(env: &Env) -> worker::Result<Vec<Db>> {
    (0..count(env)?).map(|index| shard(env, index)).collect()
}

#[cfg(test)]
mod tests {
    use super::index_of;

    #[test]
    fn a_user_id_always_hashes_to_the_same_shard() {
        // FNV-1a 64 of the empty string is its offset basis.
        assert_eq!(index_of("", 1), 0);
        assert_eq!(index_of("tg:1001", 1), 0);
        // Fixed values: changing the hash would move every person.
        let two: Vec<u32> = ["tg:1001", "tg:1002", "tg:1003", "tg:1004", "web:dev-ana"]
            .iter()
            .map(|id| index_of(id, 2))
            .collect();
        assert_eq!(two, EXPECTED_TWO);
    }

    #[test]
    fn people_spread_over_the_shards() {
        let mut per_shard = [0u32; 4];
        for n in 0..4000 {
            per_shard[index_of(&format!("tg:{}", 100_000 + n), 4) as usize] += 1;
        }
        assert!(
            per_shard.iter().all(|&n| (900..=1100).contains(&n)),
            "{per_shard:?}"
        );
    }

    // Computed apart with the FNV-1a reference constants.
    const EXPECTED_TWO: [u32; 5] = [0, 1, 0, 1, 1];
}

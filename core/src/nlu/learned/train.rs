//! Training the intent model: stochastic gradient descent on the softmax
//! loss with L2, in a fixed order, then the weights quantized to `i8`
//! and pruned to the strongest of each label. The same corpus gives the
//! same bytes on every machine: no hash map is iterated, the shuffle is a
//! fixed linear congruential generator and only `+ - * /` touch a float.

use super::{MAGIC, exp, features};

/// Every label the model scores, in the order of its logits.
pub const LABELS: [&str; 33] = [
    "finance.expense",
    "finance.income",
    "finance.query",
    "finance.budget",
    "finance.debt",
    "finance.balance",
    "finance.simulate",
    "finance.correct",
    "finance.delete",
    "topups",
    "credit",
    "remittances",
    "billpay",
    "stats",
    "cobros.cobrar",
    "cobros.contacto",
    "cobros.contactos",
    "cobros.lista",
    "cobros.estado",
    "cobros.cancelar",
    "cobros.pagado",
    "cobros.recordatorio",
    "dialogue.answer",
    "dialogue.yes",
    "dialogue.no",
    "dialogue.correct",
    "dialogue.leave",
    "dialogue.help",
    "small_talk.greeting",
    "small_talk.thanks",
    "small_talk.bye",
    "small_talk.concept",
    "out_of_scope",
];

/// How training runs.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub epochs: u32,
    pub rate: f64,
    pub l2: f64,
    /// A feature seen in fewer examples is not learned.
    pub min_count: u32,
    /// The strongest weights kept per label.
    pub keep_per_label: usize,
}

/// The settings the shipped model was trained with.
pub const SETTINGS: Settings = Settings {
    epochs: 16,
    rate: 0.25,
    l2: 0.000_1,
    min_count: 2,
    keep_per_label: 500,
};

/// The labelled rows of a corpus file: JSON lines, each with `text`,
/// `context` and `label`, as (text, context, label).
pub fn corpus_rows(jsonl: &str) -> Result<Vec<(String, String, String)>, String> {
    jsonl
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(n, line)| {
            let v: serde_json::Value =
                serde_json::from_str(line).map_err(|e| format!("line {}: {e}", n + 1))?;
            let field = |k: &str| {
                v[k].as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("line {}: no {k}", n + 1))
            };
            Ok((field("text")?, field("context")?, field("label")?))
        })
        .collect()
}

/// One labelled example: text, context, label.
pub struct Example<'a> {
    pub text: &'a str,
    pub context: &'a str,
    pub label: &'a str,
}

/// Trains on `examples` and returns the weights file. An unknown label is
/// an error naming it.
pub fn train(examples: &[Example], settings: Settings) -> Result<Vec<u8>, String> {
    let classes = LABELS.len();
    let mut rows: Vec<(Vec<u32>, usize)> = Vec::with_capacity(examples.len());
    for ex in examples {
        let label = LABELS
            .iter()
            .position(|l| *l == ex.label)
            .ok_or_else(|| format!("unknown label {}", ex.label))?;
        let ids = features(ex.text, ex.context).into_iter().map(|f| f.id);
        rows.push((ids.collect(), label));
    }
    // The vocabulary: feature ids seen in at least `min_count` examples,
    // sorted, so a feature's index is its rank.
    let mut all: Vec<u32> = rows
        .iter()
        .flat_map(|(ids, _)| ids.iter().copied())
        .collect();
    all.sort_unstable();
    let mut vocab: Vec<u32> = Vec::new();
    for run in all.chunk_by(|a, b| a == b) {
        if run.len() as u32 >= settings.min_count {
            vocab.push(run[0]);
        }
    }
    let rows: Vec<(Vec<usize>, usize)> = rows
        .into_iter()
        .map(|(ids, label)| {
            let known = ids.iter().filter_map(|id| vocab.binary_search(id).ok());
            (known.collect(), label)
        })
        .collect();
    let mut w = vec![0.0f64; vocab.len() * classes];
    let mut bias = vec![0.0f64; classes];
    let mut order: Vec<usize> = (0..rows.len()).collect();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut logits = vec![0.0f64; classes];
    for epoch in 0..settings.epochs {
        // Fisher-Yates with a fixed generator.
        for i in (1..order.len()).rev() {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let j = ((seed >> 33) % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        let rate = settings.rate / (1.0 + f64::from(epoch) * 0.5);
        for &at in &order {
            let (ids, label) = &rows[at];
            logits.copy_from_slice(&bias);
            for &f in ids {
                for (c, l) in logits.iter_mut().enumerate() {
                    *l += w[f * classes + c];
                }
            }
            let top = logits.iter().copied().fold(f64::MIN, f64::max);
            let mut total = 0.0;
            for l in logits.iter_mut() {
                *l = exp(*l - top);
                total += *l;
            }
            for (c, p) in logits.iter().enumerate() {
                let target = if c == *label { 1.0 } else { 0.0 };
                let gradient = p / total - target;
                bias[c] -= rate * gradient;
                for &f in ids {
                    let weight = &mut w[f * classes + c];
                    *weight -= rate * (gradient + settings.l2 * *weight);
                }
            }
        }
    }
    Ok(write(&vocab, &w, &bias, settings.keep_per_label))
}

/// Quantizes, prunes and writes the weights file.
fn write(vocab: &[u32], w: &[f64], bias: &[f64], keep: usize) -> Vec<u8> {
    let classes = LABELS.len();
    let largest = w
        .iter()
        .fold(0.0f64, |m, x| if x.abs() > m { x.abs() } else { m });
    let scale = if largest > 0.0 {
        (127.0 / largest).floor().max(1.0)
    } else {
        1.0
    };
    // The strongest `keep` weights of each label survive.
    let mut kept = vec![false; w.len()];
    for c in 0..classes {
        let mut of_label: Vec<(usize, f64)> = (0..vocab.len())
            .map(|f| (f, w[f * classes + c].abs()))
            .collect();
        of_label.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        for (f, _) in of_label.into_iter().take(keep) {
            kept[f * classes + c] = true;
        }
    }
    let mut out = MAGIC.to_vec();
    out.push(classes as u8);
    for label in LABELS {
        out.push(label.len() as u8);
        out.extend_from_slice(label.as_bytes());
    }
    out.extend_from_slice(&(scale as u32).to_le_bytes());
    for b in bias {
        out.extend_from_slice(&((b * scale).round() as i32).to_le_bytes());
    }
    let mut body = Vec::new();
    let mut count: u32 = 0;
    let mut last: u32 = 0;
    for (f, id) in vocab.iter().enumerate() {
        let pairs: Vec<(u8, i8)> = (0..classes)
            .filter(|c| kept[f * classes + c])
            .map(|c| (c as u8, (w[f * classes + c] * scale).round() as i8))
            .filter(|(_, q)| *q != 0)
            .collect();
        if pairs.is_empty() {
            continue;
        }
        count += 1;
        // The step from the id before, as unsigned LEB128.
        let mut step = id - last;
        last = *id;
        loop {
            let byte = (step & 0x7f) as u8;
            step >>= 7;
            if step == 0 {
                body.push(byte);
                break;
            }
            body.push(byte | 0x80);
        }
        body.push(pairs.len() as u8);
        for (c, q) in pairs {
            body.push(c);
            body.push(q as u8);
        }
    }
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&body);
    out
}

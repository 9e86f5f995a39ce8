//! The learned reading of intent: a multinomial logistic regression over
//! word, word-pair and in-word character n-grams of the folded message,
//! plus what Caja waits for (the [`Context`]). It scores every intent of
//! every agent on one scale, and says which features weighed most.
//!
//! The model is code: its training data is `tests/corpus/intent/train.jsonl`
//! (written by people who never read the rules), its training command is
//! `cargo run --release -p caja-core --example train_intent`, and its
//! weights are `learned/intent.bin`, rebuilt bit for bit by that command
//! (`train.rs`: a fixed example order and only `+ - * /` on `f64`).
//! Inference sums integer weights in the order of the features, so every
//! host gives the same scores; probabilities use [`exp`] below, made of
//! the same four operations.

use std::sync::OnceLock;

pub mod hint;
pub mod train;

/// The weights as trained and quantized.
const SHIPPED: &[u8] = include_bytes!("learned/intent.bin");

/// What Caja waits for when the message arrives: the corpus's `context`.
pub const CONTEXTS: [&str; 13] = [
    "none",
    "after_answer",
    "ask_amount",
    "ask_date",
    "ask_category",
    "ask_person",
    "ask_concept",
    "ask_due_date",
    "ask_choice",
    "ask_reference",
    "ask_phone",
    "ask_period",
    "confirm",
];

/// How many bits a feature's id has: ids are FNV-1a folded to this size,
/// so that the file stores each as a small step from the one before.
pub const ID_BITS: u32 = 18;

/// A feature's id: FNV-1a over its text, folded to [`ID_BITS`].
fn hash(parts: &[&str]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            h ^= 0x1f;
            h = h.wrapping_mul(0x0100_0193);
        }
        for b in part.bytes() {
            h ^= u32::from(b);
            h = h.wrapping_mul(0x0100_0193);
        }
    }
    (h ^ (h >> ID_BITS)) & ((1 << ID_BITS) - 1)
}

/// What a number looks like, never its value: a year, a phone, money.
fn number_shape(token: &str) -> &'static str {
    let digits = token.chars().filter(char::is_ascii_digit).count();
    let grouped = token.contains(',') || token.contains('.');
    match digits {
        _ if token.contains(':') => "#time",
        1..=2 => "#n2",
        3 if !grouped => "#n3",
        4 if !grouped && (token.starts_with("19") || token.starts_with("20")) => "#year",
        4..=6 => "#n6",
        7..=9 => "#n9",
        _ => "#n10",
    }
}

/// One feature of a message, kept with its text for explanations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    pub id: u32,
    pub text: String,
}

/// The words of a folded message as the model reads them: a number by
/// its shape, "$" as a word of its own.
fn words_of(message: &str) -> Vec<String> {
    let folded = super::normalize::fold(message);
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    for c in folded.chars().chain(std::iter::once(' ')) {
        if c.is_alphanumeric() || (!current.is_empty() && matches!(c, ',' | '.' | ':')) {
            current.push(c);
        } else if !current.is_empty() {
            let word = current.trim_end_matches([',', '.', ':']);
            words.push(if word.chars().any(|c| c.is_ascii_digit()) {
                number_shape(word).to_string()
            } else {
                word.to_string()
            });
            current.clear();
        }
        if c == '$' {
            words.push("#$".into());
        }
    }
    words
}

/// Calls `each` with the parts of every feature of a message in
/// `context`, in one fixed order (a feature may come more than once):
/// first those of the context, then those of the words alone.
fn each_feature(message: &str, context: &str, mut each: impl FnMut(&[&str])) {
    let words = words_of(message);
    context_features(&words, context, &mut each);
    word_features(&words, &mut each);
}

/// The features that name the context: alone, with the message's size,
/// and with each word.
fn context_features(words: &[String], context: &str, each: &mut impl FnMut(&[&str])) {
    each(&["c:", context]);
    if words.is_empty() {
        each(&["e:", context]);
    }
    if words.len() <= 2 {
        each(&["s:", context]);
    }
    for word in words {
        each(&["cw:", context, " ", word]);
    }
}

/// The features of the words alone, the same in every context: each
/// word, the first, each pair, and in-word character 3- and 4-grams.
fn word_features(words: &[String], each: &mut impl FnMut(&[&str])) {
    let mut padded = String::new();
    let mut bounds: Vec<usize> = Vec::new();
    for (i, word) in words.iter().enumerate() {
        each(&["w:", word]);
        if i == 0 {
            each(&["f:", word]);
        }
        let next = words.get(i + 1).map_or("$", String::as_str);
        each(&["b:", word, " ", next]);
        if !word.starts_with('#') {
            // Character 3- and 4-grams of " word ", as slices of it.
            padded.clear();
            padded.push(' ');
            padded.push_str(word);
            padded.push(' ');
            bounds.clear();
            bounds.extend(padded.char_indices().map(|(at, _)| at));
            bounds.push(padded.len());
            for n in 3..=4 {
                for start in 0..bounds.len().saturating_sub(n) {
                    each(&["g:", &padded[bounds[start]..bounds[start + n]]]);
                }
            }
        }
    }
}

/// A message read once for every context: its words, and the ids of the
/// features of the words alone (sorted, each once).
#[derive(Clone, Debug)]
pub struct Base {
    words: Vec<String>,
    ids: Vec<u32>,
}

impl Base {
    pub fn of(message: &str) -> Base {
        let words = words_of(message);
        let mut ids: Vec<u32> = Vec::with_capacity(64);
        word_features(&words, &mut |parts| ids.push(hash(parts)));
        ids.sort_unstable();
        ids.dedup();
        Base { words, ids }
    }

    /// The ids of the features of the message in `context` that are not
    /// already among the words' (sorted, each once): with those, every
    /// feature counts once, as in [`features`].
    fn context_ids(&self, context: &str) -> Vec<u32> {
        let mut ids: Vec<u32> = Vec::with_capacity(self.words.len() + 3);
        context_features(&self.words, context, &mut |parts| ids.push(hash(parts)));
        ids.sort_unstable();
        ids.dedup();
        ids.retain(|id| self.ids.binary_search(id).is_err());
        ids
    }
}

/// The features of a message in `context`: sorted by id, each once.
pub fn features(message: &str, context: &str) -> Vec<Feature> {
    let mut out: Vec<Feature> = Vec::new();
    each_feature(message, context, |parts| {
        out.push(Feature {
            id: hash(parts),
            text: parts.concat(),
        });
    });
    out.sort_by_key(|f| f.id);
    out.dedup_by_key(|f| f.id);
    out
}

/// e^x for x ≤ 0 from `+ - * /` only, so every host gives the same bits:
/// halve until small, a Taylor series, then square back.
pub fn exp(x: f64) -> f64 {
    if x < -60.0 {
        return 0.0;
    }
    let mut r = x;
    let mut halvings = 0;
    while r < -0.125 {
        r /= 2.0;
        halvings += 1;
    }
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..=10 {
        term = term * r / f64::from(k);
        sum += term;
    }
    for _ in 0..halvings {
        sum *= sum;
    }
    sum
}

/// A trained, quantized model.
#[derive(Debug)]
pub struct Model {
    pub labels: Vec<String>,
    /// Logits are integer sums; divided by `scale` they are the trained
    /// logits.
    scale: f64,
    bias: Vec<i32>,
    /// Sorted by feature id: (id, first weight, number of weights).
    index: Vec<(u32, u32, u8)>,
    /// A feature id's place in `index`, plus one (0: no weights), by id:
    /// one read instead of a search for each feature of a message.
    direct: Vec<u16>,
    /// (label, weight) pairs.
    weights: Vec<(u8, i8)>,
}

/// A message scored: every label's probability.
#[derive(Clone, Debug)]
pub struct Scores {
    labels: &'static [String],
    /// Probabilities in label order.
    probabilities: Vec<f64>,
    /// The best label's index: the most probable, the first on a tie.
    best: usize,
    /// The integer logits in label order (for the cross-host check).
    pub logits: Vec<i64>,
}

impl Scores {
    pub fn best(&self) -> (&'static str, f64) {
        match self.labels.get(self.best) {
            Some(label) => (label.as_str(), self.probabilities[self.best]),
            None => ("out_of_scope", 0.0),
        }
    }

    /// (label, probability), best first; ties in label order.
    pub fn ranked(&self) -> Vec<(&'static str, f64)> {
        let mut ranked: Vec<(&'static str, f64)> = self
            .labels
            .iter()
            .map(String::as_str)
            .zip(self.probabilities.iter().copied())
            .collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        ranked
    }

    /// The probability of `label` (0 when unknown).
    pub fn of(&self, label: &str) -> f64 {
        self.labels
            .iter()
            .position(|l| l == label)
            .map_or(0.0, |at| self.probabilities[at])
    }

    /// Whether the model has a label for `route` (the label itself, or
    /// one of its intents: `cobros.cobrar`): an agent added after the
    /// model was trained has none, and the model's certainty says nothing
    /// against it.
    pub fn knows(&self, route: &str) -> bool {
        self.labels.iter().any(|l| {
            l == route
                || l.strip_prefix(route)
                    .is_some_and(|rest| rest.starts_with('.'))
        })
    }

    /// The summed probability of every label starting with `prefix`
    /// ("cobros." is every cobros intent).
    pub fn of_prefix(&self, prefix: &str) -> f64 {
        self.labels
            .iter()
            .zip(&self.probabilities)
            .filter(|(l, _)| l.starts_with(prefix))
            .map(|(_, p)| p)
            .sum()
    }
}

/// A weights file that does not parse.
#[derive(Debug)]
pub struct BadModel(pub &'static str);

struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], BadModel> {
        if self.0.len() < n {
            return Err(BadModel("truncated"));
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }
    fn u8(&mut self) -> Result<u8, BadModel> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32, BadModel> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    /// An unsigned LEB128 number.
    fn varint(&mut self) -> Result<u32, BadModel> {
        let mut value: u32 = 0;
        for shift in (0..32).step_by(7) {
            let byte = self.u8()?;
            value |= u32::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(BadModel("varint too long"))
    }
    fn i32(&mut self) -> Result<i32, BadModel> {
        let b = self.take(4)?;
        Ok(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"CAJAINT2";

impl Model {
    /// Reads a weights file (`train::write` writes it).
    pub fn parse(bytes: &[u8]) -> Result<Model, BadModel> {
        let mut b = Bytes(bytes);
        if b.take(8)? != MAGIC {
            return Err(BadModel("not a Caja intent model"));
        }
        let n = usize::from(b.u8()?);
        let mut labels = Vec::with_capacity(n);
        for _ in 0..n {
            let len = usize::from(b.u8()?);
            let text = std::str::from_utf8(b.take(len)?).map_err(|_| BadModel("label"))?;
            labels.push(text.to_string());
        }
        let scale = f64::from(b.u32()?);
        let bias = (0..n).map(|_| b.i32()).collect::<Result<Vec<_>, _>>()?;
        let features = b.u32()? as usize;
        let mut index = Vec::with_capacity(features);
        let mut weights = Vec::new();
        let mut id: u32 = 0;
        for _ in 0..features {
            // Each id is the step from the one before (the first from 0).
            id = id.checked_add(b.varint()?).ok_or(BadModel("id overflow"))?;
            let count = b.u8()?;
            index.push((id, weights.len() as u32, count));
            for _ in 0..count {
                let label = b.u8()?;
                let weight = b.u8()? as i8;
                if usize::from(label) >= n {
                    return Err(BadModel("label out of range"));
                }
                weights.push((label, weight));
            }
        }
        if !b.0.is_empty() || index.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err(BadModel("trailing bytes or unsorted features"));
        }
        if index.len() >= usize::from(u16::MAX) {
            return Err(BadModel("too many features"));
        }
        let mut direct = vec![0u16; 1 << ID_BITS];
        for (at, (id, ..)) in index.iter().enumerate() {
            let slot = direct
                .get_mut(*id as usize)
                .ok_or(BadModel("feature id out of range"))?;
            *slot = at as u16 + 1;
        }
        Ok(Model {
            labels,
            scale,
            bias,
            index,
            direct,
            weights,
        })
    }

    fn weights_of(&self, id: u32) -> &[(u8, i8)] {
        match self.direct.get(id as usize).copied() {
            Some(at) if at > 0 => {
                let (_, start, count) = self.index[usize::from(at) - 1];
                &self.weights[start as usize..start as usize + usize::from(count)]
            }
            _ => &[],
        }
    }

    /// Scores `message` read in `context` (one of [`CONTEXTS`]).
    pub fn score(&'static self, message: &str, context: &str) -> Scores {
        self.score_in(&Base::of(message), context)
    }

    /// The scores of a message read once ([`Base`]) in `context`: the
    /// words' features are summed once per context, in id order, then
    /// the context's; integer sums, so the order never changes a bit.
    pub fn score_in(&'static self, base: &Base, context: &str) -> Scores {
        let mut logits: Vec<i64> = self.bias.iter().map(|&b| i64::from(b)).collect();
        for &id in base.ids.iter().chain(&base.context_ids(context)) {
            for &(label, weight) in self.weights_of(id) {
                logits[usize::from(label)] += i64::from(weight);
            }
        }
        let top = logits.iter().copied().max().unwrap_or(0);
        let exps: Vec<f64> = logits
            .iter()
            .map(|&l| exp((l - top) as f64 / self.scale))
            .collect();
        let total: f64 = exps.iter().sum();
        let probabilities: Vec<f64> = exps.iter().map(|e| e / total).collect();
        // The first label with the highest logit (equal logits, equal
        // probabilities: label order decides).
        let best = logits.iter().position(|&l| l == top).unwrap_or(0);
        Scores {
            labels: &self.labels,
            probabilities,
            best,
            logits,
        }
    }

    /// The features of `message` in `context` that weighed most for its
    /// best label, with their integer weight, largest first, ties by text
    /// (at most 5), in one pass: a text is built only for a feature that
    /// enters the five.
    pub fn why(&'static self, base: &Base, context: &str, scores: &Scores) -> Vec<(String, i32)> {
        const KEEP: usize = 5;
        // (weight, text, id): a feature said twice enters once.
        let mut top: Vec<(i32, String, u32)> = Vec::with_capacity(KEEP + 1);
        let mut each = |parts: &[&str]| {
            let id = hash(parts);
            let Some(w) = self
                .weights_of(id)
                .iter()
                .find(|(label, _)| usize::from(*label) == scores.best)
                .map(|w| i32::from(w.1))
            else {
                return;
            };
            let enters = top.len() < KEEP || top.last().is_some_and(|(last, ..)| w >= *last);
            if enters && top.iter().all(|(.., seen)| *seen != id) {
                let text = parts.concat();
                let at = top
                    .iter()
                    .position(|(tw, tt, _)| w > *tw || w == *tw && text < *tt)
                    .unwrap_or(top.len());
                top.insert(at, (w, text, id));
                top.truncate(KEEP);
            }
        };
        context_features(&base.words, context, &mut each);
        word_features(&base.words, &mut each);
        top.into_iter().map(|(w, text, _)| (text, w)).collect()
    }
}

/// The model shipped in this build.
pub fn shipped() -> Result<&'static Model, &'static str> {
    static MODEL: OnceLock<Result<Model, &'static str>> = OnceLock::new();
    MODEL
        .get_or_init(|| Model::parse(SHIPPED).map_err(|e| e.0))
        .as_ref()
        .map_err(|e| *e)
}

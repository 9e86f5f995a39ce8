//! Trains the intent model from `tests/corpus/intent/train.jsonl` and
//! writes `core/src/nlu/learned/intent.bin`; prints its accuracy on the
//! held-out set. `--check` writes nothing and fails unless the shipped
//! file is exactly what training gives (the model rebuilds bit for bit).

use caja_core::nlu::learned::Model;
use caja_core::nlu::learned::train::{Example, SETTINGS, corpus_rows, train};

const TRAIN: &str = include_str!("../../tests/corpus/intent/train.jsonl");
const HOLDOUT: &str = include_str!("../../tests/corpus/intent/holdout.jsonl");
const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/nlu/learned/intent.bin");

fn rows(jsonl: &str) -> Vec<(String, String, String)> {
    corpus_rows(jsonl).expect("the corpus reads")
}

fn main() {
    let check = std::env::args().any(|a| a == "--check");
    let train_rows = rows(TRAIN);
    let examples: Vec<Example> = train_rows
        .iter()
        .map(|(text, context, label)| Example {
            text,
            context,
            label,
        })
        .collect();
    let bytes = train(&examples, SETTINGS).expect("the corpus's labels are known");
    if check {
        let shipped = std::fs::read(SHIPPED).expect("the shipped model");
        if shipped != bytes {
            eprintln!("intent.bin is not what training gives: run this command without --check");
            std::process::exit(1);
        }
        println!("intent.bin rebuilds bit for bit ({} bytes)", bytes.len());
        return;
    }
    std::fs::write(SHIPPED, &bytes).expect("write the model");
    let model: &'static Model = Box::leak(Box::new(Model::parse(&bytes).expect("parses")));
    let held = rows(HOLDOUT);
    let right = held
        .iter()
        .filter(|(text, context, label)| model.score(text, context).best().0 == label)
        .count();
    let on_train = train_rows
        .iter()
        .filter(|(text, context, label)| model.score(text, context).best().0 == label)
        .count();
    println!(
        "{} bytes; train {}/{} ({:.1}%); held out {}/{} ({:.1}%)",
        bytes.len(),
        on_train,
        train_rows.len(),
        100.0 * on_train as f64 / train_rows.len() as f64,
        right,
        held.len(),
        100.0 * right as f64 / held.len() as f64
    );
}

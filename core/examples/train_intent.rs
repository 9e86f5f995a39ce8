//! Trains the intent model from `tests/corpus/intent/train.jsonl` and
//! the agent files' trigger phrases (each a message said at rest, labelled
//! with the route that enters its agent), and writes
//! `core/src/nlu/learned/intent.bin`; prints its accuracy on the held-out
//! sets. `--check` writes nothing and fails unless the shipped
//! file is exactly what training gives (the model rebuilds bit for bit).

use caja_core::agents::registry;
use caja_core::nlu::learned::Model;
use caja_core::nlu::learned::train::{Example, LABELS, SETTINGS, corpus_rows, train};

const TRAIN: &str = include_str!("../../tests/corpus/intent/train.jsonl");
const HOLDOUT: &str = include_str!("../../tests/corpus/intent/holdout.jsonl");
const HOLDOUT2: &str = include_str!("../../tests/corpus/intent/holdout2.jsonl");
const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/nlu/learned/intent.bin");

fn rows(jsonl: &str) -> Vec<(String, String, String)> {
    corpus_rows(jsonl).expect("the corpus reads")
}

/// Every trigger phrase of every data agent, as (phrase, "none", label):
/// the label is the home route that enters the agent, with the agent's
/// own intent when the model tells its intents apart (`cobros.cobrar`).
fn agent_rows() -> Vec<(String, String, String)> {
    let registry = registry::shipped().expect("the agents load");
    let home = registry.home();
    let mut out = Vec::new();
    for agent in registry
        .agents
        .iter()
        .filter(|a| a.spec.id != registry::HOME)
    {
        let Some(route) = home.spec.triggers.keys().find(|route| {
            home.tool_for_intent(route)
                .and_then(|t| t.routing.as_ref()?.target.as_deref())
                == Some(agent.spec.id.as_str())
        }) else {
            continue;
        };
        // An agent the model has no label for yet (the reminder settings)
        // is routed by its trigger phrases alone until the corpus holds
        // its rows and the model is retrained with its label.
        if !LABELS.contains(&route.as_str())
            && !LABELS.iter().any(|l| l.starts_with(&format!("{route}.")))
        {
            continue;
        }
        for (intent, phrases) in &agent.spec.triggers {
            let own = format!("{route}.{intent}");
            let label = if LABELS.contains(&own.as_str()) {
                own
            } else if LABELS.contains(&route.as_str()) {
                route.clone()
            } else {
                // An intent the model tells apart from none of its
                // agent's others yet (changing a cobro) is routed by its
                // trigger phrases alone, as an agent without a label is.
                continue;
            };
            // A phrase that holds for statements only ("\"me deben\".")
            // needs what its words alone do not say: the rules keep it.
            for phrase in phrases.iter().filter(|p| !p.trim_end().ends_with('.')) {
                out.push((phrase.replace('"', ""), "none".to_string(), label.clone()));
            }
        }
    }
    out
}

fn main() {
    let check = std::env::args().any(|a| a == "--check");
    let mut train_rows = rows(TRAIN);
    train_rows.extend(agent_rows());
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
    let right_of = |set: &[(String, String, String)]| {
        set.iter()
            .filter(|(text, context, label)| model.score(text, context).best().0 == label)
            .count()
    };
    let (held, held2) = (rows(HOLDOUT), rows(HOLDOUT2));
    let (right, right2) = (right_of(&held), right_of(&held2));
    let on_train = train_rows
        .iter()
        .filter(|(text, context, label)| model.score(text, context).best().0 == label)
        .count();
    println!(
        "{} bytes; train {}/{} ({:.1}%); held out {}/{} ({:.1}%), second held-out set {}/{} ({:.1}%)",
        bytes.len(),
        on_train,
        train_rows.len(),
        100.0 * on_train as f64 / train_rows.len() as f64,
        right,
        held.len(),
        100.0 * right as f64 / held.len() as f64,
        right2,
        held2.len(),
        100.0 * right2 as f64 / held2.len() as f64,
    );
}

//! `cargo run -p caja-core --example agents -- check agents/`: loads every
//! agent file of a folder the way the hosts do, prints every error, and
//! exits non-zero on any.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [command, dir] = args.as_slice() else {
        eprintln!("usage: agents check DIR");
        return ExitCode::from(2);
    };
    if command != "check" {
        eprintln!("unknown command {command}; usage: agents check DIR");
        return ExitCode::from(2);
    }
    let mut files: Vec<(String, String)> = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            eprintln!("{dir}: {e}");
            return ExitCode::from(2);
        }
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        if !name.ends_with(".json") || name == "schema.json" {
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(text) => files.push((name, text)),
            Err(e) => {
                eprintln!("{name}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    files.sort();
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    match caja_core::agents::registry::load(&borrowed) {
        Ok(registry) => {
            for agent in &registry.agents {
                println!(
                    "ok {}: {} tools, {} flows",
                    agent.spec.id,
                    agent.spec.tools.len(),
                    agent.flows.len()
                );
            }
            ExitCode::SUCCESS
        }
        Err(errors) => {
            for error in &errors {
                eprintln!("error: {error}");
            }
            eprintln!("{} error(s); the agents would not load", errors.len());
            ExitCode::FAILURE
        }
    }
}

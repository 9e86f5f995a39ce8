//! Writes the categories' labels from `src/nlu/lexicon.json` as a constant
//! table (`nlu::category::label_of`), so a host that only shows
//! categories (the web) names them without linking the lexicon and its
//! reader.

use std::fmt::Write;

fn main() {
    const LEXICON: &str = "src/nlu/lexicon.json";
    println!("cargo::rerun-if-changed={LEXICON}");
    let text = std::fs::read_to_string(LEXICON).expect("the lexicon is readable");
    let lexicon: serde_json::Value = serde_json::from_str(&text).expect("the lexicon is JSON");
    let mut out = String::from(
        "/// `(key, label)` of every category, in the lexicon's order.\n\
         pub const CATEGORY_LABELS: &[(&str, &str)] = &[\n",
    );
    for category in lexicon["categories"]
        .as_array()
        .expect("a list of categories")
    {
        let field = |name: &str| category[name].as_str().expect("a category's key and label");
        writeln!(out, "    ({:?}, {:?}),", field("key"), field("label")).expect("a string");
    }
    out.push_str("];\n");
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(format!("{dir}/category_labels.rs"), out).expect("OUT_DIR is writable");
}

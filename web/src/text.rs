//! The web UI's words live with every other Spanish string in
//! `caja_core::agent::text`, so they are reviewed in one place.

pub use caja_core::agent::text::ui::*;

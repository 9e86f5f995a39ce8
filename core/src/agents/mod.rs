//! Agents defined as data: the pure pieces their files are compiled from.

pub mod expr;
pub mod path;
pub mod template;

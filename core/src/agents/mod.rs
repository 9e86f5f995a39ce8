//! Agents as data (seed 004): agent files under `agents/` define triggers,
//! typed slots, tools with explicit routing and subflows as state
//! machines; the registry checks them all at load; the routing chain runs
//! them deterministically next to the Financial Agent, which stays the
//! home agent every thread starts in.

pub mod chain;
pub mod claim;
pub mod expr;
pub mod path;
pub mod phrases;
pub mod registry;
pub mod spec;
pub mod state;
pub mod template;
pub mod text;
pub mod understand;
pub mod words;

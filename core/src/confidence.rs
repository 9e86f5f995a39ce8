//! Every threshold by which a message's readings are weighed against each
//! other, in one table. A reading's confidence is on one scale from 0 to
//! 1 for every agent: the Financial Agent's intent scores and a data
//! agent's trigger phrases alike (the share of a phrase's words said, less
//! a little for every other word), so one number means the same at every
//! seam.

/// A reading this sure decides an intent: a finance intent, a data
/// agent's trigger, a question an agent's file answers.
pub const SURE: f32 = 0.7;

/// A request this clear leaves or sets aside what is open (another
/// agent's flow, a finance draft), and outranks a surer reading of the
/// open question only when it is whole.
pub const CLEAR: f32 = 0.85;

/// A data agent's intents matched at least this much (and below
/// [`SURE`]) make it ask which one was meant; at home, a trigger this
/// strong makes an unclear message worth a question rather than a guess.
pub const ASK: f32 = 0.34;

/// An intent scored this much is named among a reading's alternatives
/// (the audit's `alternatives`).
pub const ALTERNATIVE: f32 = 0.5;

/// A finance intent the rules read this surely is not overruled by the
/// learned model; below it, an intent the model gives [`LEARNED_SURE`]
/// is the intent ([`crate::nlu::learned::hint`]).
pub const RULES_CERTAIN: f32 = 0.9;

/// The learned model's claim for a data agent that outweighs a finance
/// request the rules read (never one that tells of money already paid),
/// and its reading of a finance request that outweighs an agent's phrase
/// in the message: near certainty, since the model is sure even when
/// wrong.
pub const LEARNED_CERTAIN: f32 = 0.99;

/// The learned model's claim for a data agent (the summed probability of
/// its intents, [`crate::nlu::learned`]) that routes a message at rest in
/// which no trigger phrase is sure and the finance rules read no request.
pub const LEARNED_SURE: f32 = 0.8;

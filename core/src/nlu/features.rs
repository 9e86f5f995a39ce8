//! Facts about a folded message that the intent rules and entity readers
//! look at.

use super::lexicon::{CueList, MessageCues, cues};
use super::normalize::{Token, TokenKind};

/// Whether the message names money ("pesos", "$"), which a range question
/// does not.
pub(super) fn has_amount_word(f: &Features<'_>) -> bool {
    f.tokens.iter().any(|t| t.dollar_sign) || f.has(cues().said.money_named_words)
}

/// Facts about a folded message the intent rules look at.
pub(super) struct Features<'a> {
    pub(super) tokens: &'a [Token],
    pub(super) folded: &'a str,
    /// The cue lists the message's words touch.
    pub(super) cues: MessageCues,
    /// The message ends with a question mark, which folding drops.
    pub(super) ends_asking: bool,
    /// A question mark stands anywhere in the message as written.
    pub(super) asks_anywhere: bool,
    /// Which tokens a negation reaches (`answers::negated`), when the
    /// message as written is known.
    pub(super) negated: Vec<bool>,
}

impl<'a> Features<'a> {
    pub(super) fn new(tokens: &'a [Token], folded: &'a str) -> Self {
        Self::with_cues(tokens, folded, MessageCues::of(tokens))
    }

    /// With the cue lists already read.
    pub(super) fn with_cues(tokens: &'a [Token], folded: &'a str, cues: MessageCues) -> Self {
        Features {
            tokens,
            folded,
            cues,
            ends_asking: false,
            asks_anywhere: false,
            negated: Vec::new(),
        }
    }

    /// The same, knowing whether the message as written ends asking.
    pub(super) fn written(mut self, original: &str) -> Self {
        self.ends_asking = original.trim_end().ends_with('?');
        self.asks_anywhere = original.contains(['?', '¿']);
        self.negated = super::answers::negated(original, self.tokens);
        self
    }

    /// Whether the message holds a cue of `list` (a phrase's words in a row).
    pub(super) fn has(&self, list: &CueList) -> bool {
        self.cues.has(list)
    }

    /// Whether a word starts with one of `list`'s words (stems: "compr").
    pub(super) fn has_prefix(&self, list: &CueList) -> bool {
        let prefixes = list.words();
        self.tokens
            .iter()
            .any(|t| t.kind == TokenKind::Word && prefixes.iter().any(|p| t.text.starts_with(p)))
    }

    pub(super) fn first_word(&self) -> Option<&str> {
        self.tokens.first().map(|t| t.text.as_str())
    }

    /// Whether the first word is one of `list`'s.
    pub(super) fn first_is(&self, list: &CueList) -> bool {
        self.first_word().is_some_and(|w| list.contains(w))
    }

    /// Whether the message says a verb of money, and every one it says is
    /// denied ("no gasté nada", "todavía no me paga"): money that did not
    /// move.
    pub(super) fn money_denied(&self) -> bool {
        let c = cues();
        let prefixes = c.said.expense_prefixes.words();
        let verb_at = |k: usize| {
            c.said.expense_verbs.cue_at(self.tokens, k).is_some()
                || c.said.income_verbs.cue_at(self.tokens, k).is_some()
                || prefixes.iter().any(|p| self.tokens[k].text.starts_with(p))
        };
        let mut verbs = (0..self.tokens.len()).filter(|&k| verb_at(k)).peekable();
        verbs.peek().is_some() && verbs.all(|k| self.negated.get(k) == Some(&true))
    }

    pub(super) fn is_question(&self) -> bool {
        let c = cues();
        let interrogative_start = self.first_is(c.said.question_starts)
            || self.tokens.len() > 1
                && self.first_is(c.said.question_lead_ins)
                && self.tokens[1].is_in(c.said.question_after_lead_in);
        self.has(c.said.question_words)
            || self.asks_which()
            || interrogative_start && !self.has(c.said.statement_verbs)
    }

    /// "qué día gasté más", "qué mes gané menos": an interrogative and the
    /// noun it asks about ask, whatever verb follows.
    pub(super) fn asks_which(&self) -> bool {
        let c = cues();
        self.first_is(c.said.question_starts)
            && self
                .tokens
                .get(1)
                .is_some_and(|t| t.is_in(c.said.question_nouns))
    }
}

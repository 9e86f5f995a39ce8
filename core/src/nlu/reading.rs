//! One message read once per turn: its text, folded form and tokens, and
//! what is read from them, computed on first use and kept. Every node of a
//! turn asks the same [`Reading`] instead of reading the text again.

use std::cell::OnceCell;

use chrono::NaiveDate;

use super::answers::{Decision, decide};
use super::normalize::{Token, fold, tokenize};
use super::{Intent, Understanding, items, understand_tokens};

/// A message and everything read from it.
#[derive(Clone, Debug, Default)]
pub struct Reading {
    /// The message as written, trimmed.
    text: String,
    folded: String,
    tokens: Vec<Token>,
    today: NaiveDate,
    understanding: OnceCell<(Understanding, usize)>,
    items: OnceCell<Vec<String>>,
    decision: OnceCell<Decision>,
    small_words: OnceCell<Vec<String>>,
    money_denied: OnceCell<bool>,
    cues: OnceCell<super::lexicon::MessageCues>,
    negated: OnceCell<Vec<bool>>,
    /// What the message denies and says instead, read once.
    instead: OnceCell<Option<(String, String)>>,
    /// Boxed: most turns never ask, and the reading stays small.
    extraction: OnceCell<Box<super::extract::Extraction>>,
    /// The best score of the home agent's routes for this message, read
    /// once by the layer that knows the agents.
    home_trigger: OnceCell<f32>,
    /// The message as the learned model reads it in any context, once.
    learned_base: OnceCell<super::learned::Base>,
    /// The learned model's scores at rest, read once.
    learned: OnceCell<Option<super::learned::Scores>>,
    /// The model's scores in other contexts, each read once.
    learned_in: std::cell::RefCell<Vec<(&'static str, super::learned::Scores)>>,
}

impl Reading {
    /// Folds and tokenizes `message` (the one tokenizer); the rest is read
    /// when first asked for. `today` is the user's civil date.
    pub fn new(message: &str, today: NaiveDate) -> Reading {
        let text = message.trim().to_string();
        let folded = fold(&text);
        let tokens = tokenize(&folded);
        Reading {
            text,
            folded,
            tokens,
            today,
            ..Reading::default()
        }
    }

    /// A text read again for the values it holds (a flow's request, read
    /// for its slots): the rules alone, the learned model never asked.
    pub fn without_model(message: &str, today: NaiveDate) -> Reading {
        let reading = Reading::new(message, today);
        let _ = reading.learned.set(None);
        reading
    }

    /// A button pressed: its word as shown, and its answer as the button
    /// says it, never read from the word.
    pub fn pressed(message: &str, today: NaiveDate, yes: bool) -> Reading {
        let reading = Reading::new(message, today);
        let decision = if yes {
            Decision::Confirm
        } else {
            Decision::Reject
        };
        let _ = reading.decision.set(decision);
        reading
    }

    /// The home agent's best route score for this message: `read` runs
    /// once per message, whoever asks first (the agents' layer supplies
    /// it; the reading only keeps it).
    pub fn home_trigger(&self, read: impl FnOnce() -> f32) -> f32 {
        *self.home_trigger.get_or_init(read)
    }

    /// The learned model's scores when something already asked for them
    /// this turn (the audit record shows them only then).
    pub fn learned_if_read(&self) -> Option<&super::learned::Scores> {
        self.learned.get()?.as_ref()
    }

    /// The learned model's scores for this message said with nothing
    /// open ([`super::learned`]), read once; `None` when the model does
    /// not load.
    pub fn learned_at_rest(&self) -> Option<&super::learned::Scores> {
        self.learned
            .get_or_init(|| {
                let model = super::learned::shipped().ok()?;
                Some(model.score_in(self.learned_base(), "none"))
            })
            .as_ref()
    }

    /// The learned model's scores for this message said in `context` (one
    /// of [`super::learned::CONTEXTS`]), each context read once; at rest,
    /// the kept ones.
    pub fn learned_at(&self, context: &'static str) -> Option<super::learned::Scores> {
        if context == "none" {
            return self.learned_at_rest().cloned();
        }
        if self.learned.get().is_some_and(Option::is_none) {
            return None;
        }
        if let Some((_, kept)) = self.learned_in.borrow().iter().find(|(c, _)| *c == context) {
            return Some(kept.clone());
        }
        let scores = super::learned::shipped()
            .ok()?
            .score_in(self.learned_base(), context);
        self.learned_in.borrow_mut().push((context, scores.clone()));
        Some(scores)
    }

    /// The message as the learned model reads it, the same in every
    /// context ([`super::learned::Base`]).
    pub fn learned_base(&self) -> &super::learned::Base {
        self.learned_base
            .get_or_init(|| super::learned::Base::of(&self.text))
    }

    /// Amounts and days read from the message ([`super::extract()`]).
    pub fn extraction(&self) -> &super::extract::Extraction {
        self.extraction
            .get_or_init(|| Box::new(super::extract::extract_from(self)))
    }

    /// Which tokens are said under a negation ([`super::answers::negated`]),
    /// read once.
    pub fn negated(&self) -> &[bool] {
        self.negated
            .get_or_init(|| super::answers::negated(&self.text, &self.tokens))
    }

    /// What the message denies and what it says instead
    /// ([`super::answers::instead`]).
    pub fn instead(&self) -> Option<&(String, String)> {
        self.instead
            .get_or_init(|| super::answers::instead(&self.text, &self.tokens, self.negated()))
            .as_ref()
    }

    /// The message as written, trimmed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The byte offset in the text of the char offset `chars` (tokens
    /// count chars; the spans of amounts and dates count bytes).
    pub fn byte_at(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(b, _)| b)
    }

    /// Lower-cased, accents removed (see [`fold`]).
    pub fn folded(&self) -> &str {
        &self.folded
    }

    pub fn tokens(&self) -> &[Token] {
        &self.tokens
    }

    /// The word tokens of the message, in order (numbers left out).
    pub fn words(&self) -> impl Iterator<Item = &str> {
        self.tokens
            .iter()
            .filter(|t| t.kind == super::normalize::TokenKind::Word)
            .map(|t| t.text.as_str())
    }

    pub fn today(&self) -> NaiveDate {
        self.today
    }

    /// The intent and entities, read once.
    pub fn understanding(&self) -> &Understanding {
        &self.read().0
    }

    /// The message read as `intent` (the user chose it): not kept, since
    /// each caller forces its own intent.
    pub fn understanding_as(&self, intent: Intent) -> Understanding {
        understand_tokens(
            &self.text,
            &self.folded,
            &self.tokens,
            self.today,
            Some(intent),
            &Default::default,
        )
        .0
    }

    /// The items of the message (see [`items::split_items`]); one item, the
    /// whole message, when it names fewer than two amounts.
    pub fn items(&self) -> &[String] {
        self.items.get_or_init(|| {
            items::split_counted(&self.text, &self.tokens, self.today, self.read().1)
        })
    }

    /// The cue lists the message holds a cue of, read once.
    pub fn cues(&self) -> &super::lexicon::MessageCues {
        self.cues
            .get_or_init(|| super::lexicon::MessageCues::of(&self.tokens))
    }

    /// Whether the message asks something ("¿…?", "cuánto", "qué…"), from
    /// the cues already read: no understanding needed.
    /// The message's small words (trigger fillers: "ya", "me"), each
    /// opened with `~`, in order.
    pub fn small_words(&self) -> &[String] {
        self.small_words.get_or_init(|| {
            let list = super::lexicon::cues().days.trigger_fillers;
            self.tokens
                .iter()
                .filter(|t| t.is_in(list))
                .map(|t| format!("~{}", t.text))
                .collect()
        })
    }

    /// Whether every verb of money the message says is denied ("todavía
    /// no me paga"): money that did not move.
    pub fn money_denied(&self) -> bool {
        *self.money_denied.get_or_init(|| {
            let mut f =
                super::features::Features::with_cues(&self.tokens, &self.folded, *self.cues());
            f.negated = self.negated().to_vec();
            f.money_denied()
        })
    }

    pub fn is_question(&self) -> bool {
        // Folding drops the question marks, so they are read here.
        self.text.contains('?')
            || super::features::Features::with_cues(&self.tokens, &self.folded, *self.cues())
                .is_question()
    }

    /// What the message says to a confirmation prompt.
    pub fn decision(&self) -> Decision {
        *self.decision.get_or_init(|| decide(&self.text))
    }

    fn read(&self) -> &(Understanding, usize) {
        self.understanding.get_or_init(|| {
            // The model reads words: a message of numbers alone is the
            // rules' to read. It is read only when the rules ask.
            let hint = || match self.words().next() {
                Some(_) => self
                    .learned_at_rest()
                    .map(super::learned::hint::Hint::of)
                    .unwrap_or_default(),
                None => Default::default(),
            };
            understand_tokens(
                &self.text,
                &self.folded,
                &self.tokens,
                self.today,
                None,
                &hint,
            )
        })
    }
}

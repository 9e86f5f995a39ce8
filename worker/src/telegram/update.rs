//! A Telegram update, parsed once into what arrived ([`Arrival`]), with one
//! function deciding who sent it and which conversation it belongs to
//! ([`identify`]). Everything else in the webhook works on `Arrival`.

use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
pub struct Update {
    pub update_id: i64,
    message: Option<Message>,
    edited_message: Option<Message>,
    channel_post: Option<Message>,
    callback_query: Option<CallbackQuery>,
}

#[derive(Deserialize)]
struct Message {
    message_id: Option<i64>,
    chat: Chat,
    from: Option<User>,
    sender_chat: Option<Chat>,
    text: Option<String>,
    #[serde(default)]
    is_topic_message: bool,
    message_thread_id: Option<i64>,
    #[serde(default)]
    is_automatic_forward: bool,
    forward_origin: Option<Value>,
    forward_date: Option<Value>,
    forward_from: Option<Value>,
    forward_from_chat: Option<Value>,
    forward_sender_name: Option<Value>,
    reply_to_message: Option<Box<Message>>,
    voice: Option<Value>,
    audio: Option<Value>,
    video_note: Option<Value>,
    photo: Option<Value>,
    sticker: Option<Value>,
    document: Option<Value>,
    video: Option<Value>,
    animation: Option<Value>,
    location: Option<Value>,
    venue: Option<Value>,
    contact: Option<Value>,
    poll: Option<Value>,
    dice: Option<Value>,
    /// The text under a photo, a video or a file.
    caption: Option<String>,
}

#[derive(Deserialize)]
struct Chat {
    id: i64,
    #[serde(rename = "type")]
    kind: String,
}

#[derive(Deserialize)]
struct User {
    id: i64,
    #[serde(default)]
    is_bot: bool,
    first_name: Option<String>,
    username: Option<String>,
}

#[derive(Deserialize)]
struct CallbackQuery {
    id: String,
    from: User,
    message: Option<Message>,
    data: Option<String>,
}

/// Where to answer: a chat, and the forum topic when there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub chat_id: i64,
    pub private: bool,
    pub topic: Option<i64>,
}

/// A person Caja keeps a ledger for, and their conversation in a chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub telegram_id: i64,
    pub first_name: Option<String>,
    /// `tg:{telegram id}`: one Caja user per Telegram account.
    pub user_id: String,
    /// `tg:{chat}` in a private chat, `tg:{chat}:{telegram id}` in a group:
    /// members of a group never share drafts or confirmations.
    pub thread_id: String,
}

/// Who sent a message, as Telegram says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sender {
    Person(Person),
    /// A channel, an anonymous group admin (`sender_chat` set), a bot, or
    /// no sender at all: no ledger is kept for them.
    NotAPerson,
}

/// Decides the sender and thread of a message or button press in `place`.
/// `sender_chat` wins over `from`, as in Telegram: an anonymous admin's
/// `from` is the shared GroupAnonymousBot, a linked channel's forward comes
/// from the service account 777000.
fn identify(place: &Place, from: Option<&User>, sender_chat: Option<&Chat>) -> Sender {
    match (from, sender_chat) {
        (Some(user), None) if !user.is_bot => Sender::Person(Person {
            telegram_id: user.id,
            first_name: user.first_name.clone(),
            user_id: format!("tg:{}", user.id),
            thread_id: if place.private {
                format!("tg:{}", place.chat_id)
            } else {
                format!("tg:{}:{}", place.chat_id, user.id)
            },
        }),
        _ => Sender::NotAPerson,
    }
}

/// Kinds of messages Caja cannot read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NonText {
    Voice,
    Photo,
    Sticker,
    Document,
    Video,
    Location,
    Contact,
    Other,
}

/// What arrived.
#[derive(Debug, PartialEq, Eq)]
pub enum Arrival {
    /// A text for Caja from a person (in groups: a command or a mention,
    /// with the mention removed).
    Text {
        place: Place,
        person: Person,
        text: String,
    },
    /// A press of one of Caja's buttons.
    Button {
        callback_id: String,
        place: Option<Place>,
        message_id: Option<i64>,
        person: Person,
        data: String,
    },
    /// A message for Caja that is not text (private chats only).
    NonText { place: Place, kind: NonText },
    /// A forwarded message: not the user's own words, never a "sí".
    Forwarded { place: Place },
    /// An edited message (private chats only): edits are not applied.
    Edited { place: Place },
    /// For Caja, but from a channel, an anonymous admin or a bot.
    NotAPerson { place: Place },
    /// Not for Caja (group chatter, service messages, other update kinds).
    Ignored,
}

impl Message {
    fn place(&self) -> Place {
        Place {
            chat_id: self.chat.id,
            private: self.chat.kind == "private",
            topic: self.message_thread_id.filter(|_| self.is_topic_message),
        }
    }

    fn forwarded(&self) -> bool {
        self.forward_origin.is_some()
            || self.forward_date.is_some()
            || self.forward_from.is_some()
            || self.forward_from_chat.is_some()
            || self.forward_sender_name.is_some()
    }

    /// What the message holds instead of text; `None` for a service
    /// message such as "X joined the group".
    fn non_text(&self) -> Option<NonText> {
        let kind = if self.voice.is_some() || self.audio.is_some() || self.video_note.is_some() {
            NonText::Voice
        } else if self.photo.is_some() {
            NonText::Photo
        } else if self.sticker.is_some() {
            NonText::Sticker
        } else if self.document.is_some() {
            NonText::Document
        } else if self.video.is_some() || self.animation.is_some() {
            NonText::Video
        } else if self.location.is_some() || self.venue.is_some() {
            NonText::Location
        } else if self.contact.is_some() {
            NonText::Contact
        } else if self.poll.is_some() || self.dice.is_some() {
            NonText::Other
        } else {
            return None;
        };
        Some(kind)
    }

    /// The words a person wrote: the text, or the caption under a photo,
    /// a video or a file (the file itself is never read). A caption of
    /// nothing but links (Telegram fills it when a photo is shared from a
    /// page) is not written to Caja: the photo is answered.
    fn written(&self) -> Option<&str> {
        self.text.as_deref().or(self
            .caption
            .as_deref()
            .filter(|t| !t.trim().is_empty() && !only_links(t)))
    }

    /// Whether a person would call this a message they sent (not a
    /// service message such as "X joined the group").
    fn has_content(&self) -> bool {
        self.written().is_some() || self.non_text().is_some()
    }

    fn replies_to_bot(&self, bot: &str) -> bool {
        self.reply_to_message
            .as_ref()
            .and_then(|m| m.from.as_ref())
            .is_some_and(|u| {
                u.is_bot
                    && u.username
                        .as_deref()
                        .is_some_and(|name| name.eq_ignore_ascii_case(bot))
            })
    }
}

/// Whether every word of `text` is a link.
fn only_links(text: &str) -> bool {
    text.split_whitespace().all(|word| {
        let word = word.to_ascii_lowercase();
        ["http://", "https://", "www.", "t.me/"]
            .iter()
            .any(|start| word.starts_with(start))
    })
}

/// The text addressed to Caja in a group, without the mention; `None` when
/// the message is not for Caja. A command is for Caja when it names no bot
/// or names this one; a mention counts only as a whole word, in any case.
pub fn addressed_text(text: &str, bot: &str, replies_to_bot: bool) -> Option<String> {
    let text = text.trim();
    let mention = format!("@{bot}");
    if let Some(command) = text.strip_prefix('/') {
        let word = command.split_whitespace().next().unwrap_or("");
        return match word.split_once('@') {
            Some((_, target)) if !target.eq_ignore_ascii_case(bot) => None,
            _ => Some(text.to_string()),
        };
    }
    let mut found = false;
    let mut kept: Vec<&str> = Vec::new();
    for word in text.split_whitespace() {
        let bare = word.trim_end_matches([',', ':', '.', ';', '!', '?']);
        if bare.eq_ignore_ascii_case(&mention) {
            found = true;
        } else {
            kept.push(word);
        }
    }
    (found || replies_to_bot).then(|| kept.join(" "))
}

/// Parses an update into what arrived. `bot` is the bot's username.
pub fn arrival(update: Update, bot: &str) -> Arrival {
    if let Some(callback) = update.callback_query {
        let place = callback.message.as_ref().map(Message::place);
        let sender = identify(
            &place.unwrap_or(Place {
                chat_id: callback.from.id,
                private: true,
                topic: None,
            }),
            Some(&callback.from),
            None,
        );
        return match sender {
            Sender::Person(person) => Arrival::Button {
                callback_id: callback.id,
                place,
                message_id: callback.message.as_ref().and_then(|m| m.message_id),
                person,
                data: callback.data.unwrap_or_default(),
            },
            Sender::NotAPerson => Arrival::Ignored,
        };
    }
    if let Some(edited) = update.edited_message {
        let place = edited.place();
        return if place.private && edited.has_content() {
            Arrival::Edited { place }
        } else {
            Arrival::Ignored
        };
    }
    let Some(message) = update.message.or(update.channel_post) else {
        return Arrival::Ignored;
    };
    let place = message.place();
    if message.is_automatic_forward {
        // A linked channel's post copied into its discussion group.
        return Arrival::Ignored;
    }
    let text = match message.written() {
        Some(text) if place.private => Some(text.trim().to_string()),
        Some(text) => match addressed_text(text, bot, message.replies_to_bot(bot)) {
            Some(text) => Some(text),
            None => return Arrival::Ignored,
        },
        // In groups only text can be addressed to Caja.
        None if !place.private => return Arrival::Ignored,
        None => None,
    };
    let sender = identify(&place, message.from.as_ref(), message.sender_chat.as_ref());
    let Sender::Person(person) = sender else {
        return if message.has_content() {
            Arrival::NotAPerson { place }
        } else {
            Arrival::Ignored
        };
    };
    if message.forwarded() {
        return Arrival::Forwarded { place };
    }
    match text {
        Some(text) => Arrival::Text {
            place,
            person,
            text,
        },
        None => match message.non_text() {
            Some(kind) => Arrival::NonText { place, kind },
            None => Arrival::Ignored,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::{addressed_text, only_links};

    #[test]
    fn a_caption_of_links_only_says_nothing_and_words_beside_a_link_do() {
        assert!(only_links("https://www.facebook.com/share/p/1AbC/"));
        assert!(only_links("www.ejemplo.com  HTTP://t.co/x"));
        assert!(!only_links("mira https://x.com/a gasté 250"));
        assert!(!only_links("el ticket del súper 523.40"));
    }

    #[test]
    fn mentions_are_whole_words_in_any_case() {
        assert_eq!(
            addressed_text("@Caja_Bot gasté 100", "caja_bot", false).as_deref(),
            Some("gasté 100")
        );
        assert_eq!(
            addressed_text("oye @caja_bot, ¿cuánto llevo?", "caja_bot", false).as_deref(),
            Some("oye ¿cuánto llevo?")
        );
        assert_eq!(
            addressed_text("@caja_bot_fake gasté 100", "caja_bot", false),
            None
        );
        assert_eq!(addressed_text("gasté 100", "caja_bot", false), None);
        assert_eq!(
            addressed_text("gasté 100", "caja_bot", true).as_deref(),
            Some("gasté 100")
        );
    }

    #[test]
    fn commands_for_other_bots_are_not_for_caja() {
        assert!(addressed_text("/start@caja_bot", "caja_bot", false).is_some());
        assert!(addressed_text("/start@CAJA_BOT", "caja_bot", false).is_some());
        assert!(addressed_text("/start", "caja_bot", false).is_some());
        assert_eq!(addressed_text("/start@other_bot", "caja_bot", false), None);
    }
}

//! Recurring movements (provider `recurring`): "la renta es de 8,500 cada
//! día 1", stored after a «sí»; listed with what is still expected this
//! month; changed and cancelled; and on its day proposed as a movement
//! that is written only on «sí», with that day's date. Every host decides
//! them here from the items its store holds.

use chrono::{Datelike, Days, Months, NaiveDate};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::sandbox::{cents_up_to, decimal};
use super::{AddTransactionInput, ToolCall, ToolResult, codes};
use crate::agent::text::recurring as text;
use crate::kinds::{CategoryType, TransactionType};
use crate::limits;
use crate::money::Centavos;
use crate::nlu::category;
use crate::nlu::normalize::{fold, tokenize};
use crate::time::parse_iso_date;

/// Most recurring items a person keeps.
pub const MAX_ITEMS: usize = 50;
/// Longest name of an item, in characters.
pub const MAX_NAME_CHARS: usize = 60;
/// The category of an income no word names.
const OTHER_INCOME: &str = "otros_ingresos";

/// One recurring movement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub id: i64,
    /// Starts at 1; every change adds one (a stale change stores nothing).
    pub version: u32,
    #[serde(rename = "type")]
    pub kind: TransactionType,
    pub amount_mxn_cents: Centavos,
    /// Its name as the person said it ("la renta", "Netflix").
    pub name: String,
    pub category: String,
    /// The days of the month it falls on ([`Days`], as text: "1", "15,last").
    pub days: String,
    /// The last day its movement was recorded after a «sí».
    pub recorded_on: Option<String>,
}

impl Item {
    fn days(&self) -> Days31 {
        Days31::parse(&self.days).unwrap_or_default()
    }

    /// The next day it falls on, from `from` on (that day included).
    pub fn next_on(&self, from: NaiveDate) -> Option<NaiveDate> {
        self.days().next_on(from)
    }

    /// Whether it falls on `day`.
    pub fn falls_on(&self, day: NaiveDate) -> bool {
        self.days().falls_on(day)
    }

    fn category_type(&self) -> CategoryType {
        match self.kind {
            TransactionType::Income => CategoryType::Income,
            TransactionType::Expense => {
                category::by_key(&self.category).map_or(CategoryType::Fixed, |c| c.category_type)
            }
        }
    }

    fn to_data(&self, number: usize, today: NaiveDate) -> Value {
        let next = self.next_on(today);
        json!({
            "number": number,
            "ref": self.id.to_string(),
            "name": self.name,
            "amount_mxn": decimal(self.amount_mxn_cents),
            "kind_label": text::kind(self.kind),
            "days_label": text::days(&self.days()),
            "category_label": category::label_of(&self.category).unwrap_or(&self.category),
            "next_label": next.map(|day| text::when(day, today)),
            "line": text::item_line(self, &self.days()),
        })
    }
}

/// The days an item falls on: day numbers of the month (1 to 31; a day a
/// short month lacks is its last), the month's last day, and days of the
/// week (1 Monday to 7 Sunday, for what is paid every week).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Days31 {
    pub numbers: Vec<u8>,
    pub last: bool,
    pub weekdays: Vec<u8>,
}

/// How a day of the week is stored ("fri"), Monday first.
const WEEKDAY_IDS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

impl Days31 {
    /// Reads "1", "15,last", "last", "fri" (sorted, each once); `None`
    /// when a part is not a day or nothing is said.
    pub fn parse(text: &str) -> Option<Days31> {
        let mut days = Days31::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if part == "last" {
                days.last = true;
                continue;
            }
            if let Some(i) = WEEKDAY_IDS.iter().position(|w| *w == part) {
                days.add_weekday(i as u8 + 1);
                continue;
            }
            let n: u8 = part.parse().ok().filter(|n| (1..=31).contains(n))?;
            if !days.numbers.contains(&n) {
                days.numbers.push(n);
            }
        }
        days.numbers.sort_unstable();
        (days.last || !days.numbers.is_empty() || !days.weekdays.is_empty()).then_some(days)
    }

    /// Adds a day of the week (1 Monday to 7 Sunday), kept in order.
    pub fn add_weekday(&mut self, day: u8) {
        if (1..=7).contains(&day) && !self.weekdays.contains(&day) {
            self.weekdays.push(day);
            self.weekdays.sort_unstable();
        }
    }

    /// As stored: "1", "15,last", "mon,fri".
    pub fn to_text(&self) -> String {
        let mut parts: Vec<String> = self.numbers.iter().map(u8::to_string).collect();
        if self.last {
            parts.push("last".into());
        }
        parts.extend(
            self.weekdays
                .iter()
                .map(|d| WEEKDAY_IDS[usize::from(*d - 1)].to_string()),
        );
        parts.join(",")
    }

    pub fn falls_on(&self, day: NaiveDate) -> bool {
        let last = last_day(day);
        let weekday = day.weekday().number_from_monday() as u8;
        (self.last && day.day() == last)
            || self.weekdays.contains(&weekday)
            || self
                .numbers
                .iter()
                .any(|n| u32::from(*n).min(last) == day.day())
    }

    /// The first day from `from` on that it falls on (within two months).
    pub fn next_on(&self, from: NaiveDate) -> Option<NaiveDate> {
        (0..62)
            .filter_map(|d| from.checked_add_days(Days::new(d)))
            .find(|day| self.falls_on(*day))
    }
}

/// The month's last day of `day`'s month.
fn last_day(day: NaiveDate) -> u32 {
    day.with_day(1)
        .and_then(|first| first.checked_add_months(Months::new(1)))
        .and_then(|next| next.pred_opt())
        .map_or(28, |last| last.day())
}

/// What a host stores for a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Add(Item),
    /// `item` replaces the stored one while it is still at `item.version - 1`.
    Update(Item),
    /// The item goes while it is still at its version.
    Remove(Item),
}

/// Applies `change` to a store's items (the in-memory host; the Worker
/// stages the same guarded on the version it read).
pub fn apply(items: &mut Vec<Item>, change: Change) {
    match change {
        Change::Add(item) => items.push(item),
        Change::Update(item) => {
            if let Some(stored) = items
                .iter_mut()
                .find(|i| i.id == item.id && i.version + 1 == item.version)
            {
                *stored = item;
            }
        }
        Change::Remove(item) => items.retain(|i| !(i.id == item.id && i.version == item.version)),
    }
}

/// A call's result, its changes, and the movement a «sí» records.
pub struct Outcome {
    pub result: ToolResult,
    pub changes: Vec<Change>,
    pub movement: Option<AddTransactionInput>,
}

type Decided = Result<(Value, Vec<Change>, Option<AddTransactionInput>), String>;

/// Carries out `service` over the person's stored `items`.
pub fn run(
    call: &ToolCall,
    service: &str,
    params: &Map<String, Value>,
    items: &[Item],
    at: &str,
) -> Outcome {
    let decided: Decided = (|| {
        let today = day(params, "today")?;
        match service {
            "recurring.list" => Ok((list(items, today), Vec::new(), None)),
            "recurring.preview" => Ok((preview(params, items, today)?.0, Vec::new(), None)),
            "recurring.save" => {
                let (data, item) = preview(params, items, today)?;
                if data["exists"] == json!(true) {
                    return Err("an item with this name exists".into());
                }
                if item.category.is_empty() {
                    return Err("no category".into());
                }
                if items.len() >= MAX_ITEMS {
                    return Err("too many recurring items".into());
                }
                Ok((data, vec![Change::Add(item)], None))
            }
            "recurring.find" => Ok((find(params, items, today), Vec::new(), None)),
            "recurring.cancel" => {
                let item = chosen(params, items)?;
                let data = item.to_data(1, today);
                Ok((data, vec![Change::Remove(item.clone())], None))
            }
            "recurring.update" => update(params, items, today),
            "recurring.due" => Ok((due(params, items, today)?, Vec::new(), None)),
            "recurring.record" => record(params, items),
            other => Err(format!("unknown recurring service {other}")),
        }
    })();
    match decided {
        Ok((data, changes, movement)) => Outcome {
            result: ToolResult::success(call, &data, at),
            changes,
            movement,
        },
        Err(problem) => Outcome {
            result: ToolResult::failure(call, codes::INVALID, &problem, at),
            changes: Vec::new(),
            movement: None,
        },
    }
}

fn param<'p>(params: &'p Map<String, Value>, name: &str) -> &'p str {
    params
        .get(name)
        .and_then(Value::as_str)
        .unwrap_or("")
        .trim()
}

fn day(params: &Map<String, Value>, name: &str) -> Result<NaiveDate, String> {
    parse_iso_date(param(params, name)).ok_or_else(|| format!("{name} is not a date"))
}

/// The movements still expected this month from `today` on (today's
/// included until it is recorded), by day: what the chat's list and the
/// web's month view show.
pub fn expected(items: &[Item], today: NaiveDate) -> Vec<(NaiveDate, &Item)> {
    let month_end = today
        .with_day(last_day(today))
        .expect("a month's last day exists");
    let mut expected: Vec<(NaiveDate, &Item)> = items
        .iter()
        .flat_map(|item| {
            let days = item.days();
            (0..=(month_end - today).num_days())
                .filter_map(move |d| today.checked_add_days(Days::new(d as u64)))
                .filter(move |day| days.falls_on(*day))
                .filter(|day| item.recorded_on.as_deref() != Some(&crate::time::iso_date(*day)))
                .map(move |day| (day, item))
        })
        .collect();
    expected.sort_by_key(|(day, item)| (*day, item.id));
    expected
}

/// Every item, and those still expected this month from `today` on.
fn list(items: &[Item], today: NaiveDate) -> Value {
    let expected = expected(items, today);
    let data: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(i, item)| item.to_data(i + 1, today))
        .collect();
    json!({
        "count": items.len(),
        "lines": data.iter().map(|d| d["line"].as_str().unwrap_or("").to_string()).collect::<Vec<_>>().join("\n"),
        "expected_count": expected.len(),
        "expected": text::expected_lines(&expected),
        "items": data,
    })
}

/// The item a request describes, validated: its name, amount, days and
/// kind (an income when said or when its words name an income); the
/// category its name names, else the one said, else none.
fn preview(
    params: &Map<String, Value>,
    items: &[Item],
    today: NaiveDate,
) -> Result<(Value, Item), String> {
    let name = param(params, "name");
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err("bad name".into());
    }
    let amount = cents_up_to(params, "amount_mxn", limits::MAX_AMOUNT)?;
    let days = Days31::parse(param(params, "days")).ok_or("bad days")?;
    // The category its name says ("Netflix"), else the one said or
    // answered; of the two, the first that fits the kind ("la raya del
    // ayudante" is paid: «hogar» answered is its category, never «sueldo»).
    let answered = category::by_key(param(params, "category")).map(|c| c.key);
    let named = category_of(name).or(answered);
    let income = match param(params, "kind") {
        "income" => true,
        "expense" => false,
        _ => named
            .and_then(category::by_key)
            .is_some_and(|c| c.category_type == CategoryType::Income),
    };
    let fits = |key: &&str| {
        category::by_key(key).is_some_and(|c| (c.category_type == CategoryType::Income) == income)
    };
    let key = category_of(name).filter(fits).or(answered.filter(fits));
    let (kind, category) = if income {
        (
            TransactionType::Income,
            key.unwrap_or(OTHER_INCOME).to_string(),
        )
    } else {
        (TransactionType::Expense, key.unwrap_or("").to_string())
    };
    let item = Item {
        id: items.iter().map(|i| i.id).max().unwrap_or(0) + 1,
        version: 1,
        kind,
        amount_mxn_cents: amount,
        name: text::capitalized(name),
        category,
        days: days.to_text(),
        recorded_on: None,
    };
    let mut data = item.to_data(items.len() + 1, today);
    let key = name_key(name);
    data["exists"] = json!(items.iter().any(|i| name_key(&i.name) == key));
    data["needs_category"] = json!(item.category.is_empty());
    data["kind"] = json!(if income { "income" } else { "expense" });
    data["category"] = json!(item.category);
    data["days"] = json!(item.days);
    Ok((data, item))
}

/// The category an item's name names ("la renta" → renta).
fn category_of(name: &str) -> Option<&'static str> {
    let tokens = tokenize(&fold(name));
    category::find_categories(&tokens, &vec![false; tokens.len()])
        .into_iter()
        .find(|m| !m.fuzzy)
        .map(|m| m.category.key)
}

/// A name as compared: folded words, articles and possessives aside
/// ("la renta" and "mi renta" are one).
fn name_key(name: &str) -> String {
    let c = crate::nlu::lexicon::cues();
    tokenize(&fold(name))
        .iter()
        .filter(|t| t.text.chars().any(char::is_alphanumeric))
        .filter(|t| !t.is_in(c.debts.articles) && !t.is_in(c.debts.person_possessives))
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The items whose name holds the words of `which` (every item when it
/// says nothing), for the person to choose from.
fn find(params: &Map<String, Value>, items: &[Item], today: NaiveDate) -> Value {
    let words = name_key(param(params, "which"));
    let matches: Vec<&Item> = items
        .iter()
        .filter(|i| {
            let key = name_key(&i.name);
            words.is_empty()
                || words.split(' ').any(|w| key.split(' ').any(|k| k == w))
                || category_of(param(params, "which")).is_some_and(|c| c == i.category)
        })
        .collect();
    let listed: Vec<&Item> = if matches.is_empty() {
        items.iter().collect()
    } else {
        matches.clone()
    };
    json!({
        "count": items.len(),
        "lines": items.iter().map(|i| text::item_line(i, &i.days())).collect::<Vec<_>>().join("\n"),
        "match_count": matches.len(),
        "matches": listed.iter().enumerate().map(|(n, i)| i.to_data(n + 1, today)).collect::<Vec<_>>(),
    })
}

/// The item a call names by `id`.
fn chosen<'i>(params: &Map<String, Value>, items: &'i [Item]) -> Result<&'i Item, String> {
    let id: i64 = param(params, "id")
        .parse()
        .map_err(|_| "bad id".to_string())?;
    items
        .iter()
        .find(|i| i.id == id)
        .ok_or_else(|| "no such recurring item".to_string())
}

/// A new amount and/or new days for one item.
fn update(params: &Map<String, Value>, items: &[Item], today: NaiveDate) -> Decided {
    let item = chosen(params, items)?;
    let mut next = item.clone();
    next.version += 1;
    if !param(params, "amount_mxn").is_empty() {
        next.amount_mxn_cents = cents_up_to(params, "amount_mxn", limits::MAX_AMOUNT)?;
    }
    if !param(params, "days").is_empty() {
        next.days = Days31::parse(param(params, "days"))
            .ok_or("bad days")?
            .to_text();
    }
    if next.amount_mxn_cents == item.amount_mxn_cents && next.days == item.days {
        return Err("nothing changes".into());
    }
    let data = next.to_data(1, today);
    Ok((data, vec![Change::Update(next)], None))
}

/// The item proposed on `date`: whether it still exists, falls on that
/// day and was not recorded for it yet.
fn due(params: &Map<String, Value>, items: &[Item], today: NaiveDate) -> Result<Value, String> {
    let date = day(params, "date")?;
    let Ok(item) = chosen(params, items) else {
        return Ok(json!({ "exists": false }));
    };
    let mut data = item.to_data(1, today);
    data["exists"] = json!(true);
    let iso = crate::time::iso_date(date);
    // Not recorded yet for that day (`None` sorts first).
    data["open"] = json!(item.falls_on(date) && item.recorded_on.as_deref() < Some(iso.as_str()));
    data["date"] = json!(iso);
    data["date_label"] = json!(text::day_words(date));
    data["amount_mxn_cents"] = json!(item.amount_mxn_cents);
    Ok(data)
}

/// The movement of a proposal the person said «sí» to: exactly the item
/// as shown (its amount and version), on the day proposed, once.
fn record(params: &Map<String, Value>, items: &[Item]) -> Decided {
    let item = chosen(params, items)?;
    let date = day(params, "date")?;
    let shown = cents_up_to(params, "amount_mxn", limits::MAX_AMOUNT)?;
    if shown != item.amount_mxn_cents {
        return Err("the item changed since it was shown".into());
    }
    let iso = crate::time::iso_date(date);
    if !item.falls_on(date)
        || item
            .recorded_on
            .as_deref()
            .is_some_and(|r| r >= iso.as_str())
    {
        return Err("not due on that day, or recorded already".into());
    }
    let mut next = item.clone();
    next.version += 1;
    next.recorded_on = Some(iso.clone());
    let movement = AddTransactionInput {
        kind: item.kind,
        amount_mxn_cents: item.amount_mxn_cents,
        category_type: item.category_type(),
        category: item.category.clone(),
        description: Some(item.name.clone()),
        date_iso: iso,
    };
    let data = json!({
        "name": item.name,
        "amount_mxn": decimal(item.amount_mxn_cents),
        "kind_label": text::kind(item.kind),
        "date_label": text::day_words(date),
    });
    Ok((data, vec![Change::Update(next)], Some(movement)))
}

#[cfg(test)]
mod tests;

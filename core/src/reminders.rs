//! What Caja says first: given `now`, a person's zone and settings and the
//! facts a host read for them (pending cobros, debts, the month's budget,
//! the week's totals), the reminders due, each with the key that makes it
//! one message per (person, kind, reference, period) however often a
//! schedule runs. Pure: the Worker's scheduled handler reads the facts
//! from D1, stores each reminder once in its outbox and sends it through
//! a queue; the words are in [`crate::agent::text::reminders`].

use chrono::{Datelike, Days, NaiveDate, Weekday};
use serde::{Deserialize, Serialize};

use crate::agent::text::reminders as text;
use crate::money::Centavos;
use crate::time::{TimeZone, UnixMillis, iso_date, iso_month, parse_iso_date};
use crate::tools::DebtRow;
use crate::tools::cobros::{PaymentRequest, Status};

/// Nothing is sent from this local hour…
pub const QUIET_FROM_HOUR: i64 = 22;
/// …until this one.
pub const QUIET_UNTIL_HOUR: i64 = 8;
/// The weekly summary goes out on Sunday from this local hour.
pub const SUMMARY_HOUR: i64 = 18;
/// A reminder a schedule stored but did not see sent within this long
/// (its queue message lost, or the Worker stopped between claiming it and
/// recording the send) is queued again: at least once.
pub const LEASE_MS: i64 = 15 * 60 * 1000;

const HOUR_MS: i64 = 60 * 60 * 1000;
const DAY_MS: i64 = 24 * HOUR_MS;

/// What a person can turn off, one switch per topic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Cobros due tomorrow and overdue.
    pub cobros: bool,
    /// A debt's payment day.
    pub debts: bool,
    /// The month's budget at 80 % and 100 %.
    pub budgets: bool,
    /// The weekly summary on Sunday evening (off unless asked for).
    pub summary: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            cobros: true,
            debts: true,
            budgets: true,
            summary: false,
        }
    }
}

impl Settings {
    pub fn allows(&self, kind: Kind) -> bool {
        match kind {
            Kind::CobroTomorrow | Kind::CobroOverdue => self.cobros,
            Kind::DebtDue => self.debts,
            Kind::Budget80 | Kind::Budget100 => self.budgets,
            Kind::WeeklySummary => self.summary,
            // A recurring movement the person stored is proposed on its
            // day whatever the reminders: they cancel the item instead.
            Kind::RecurringDue => true,
            // Promised when the transfer was confirmed: not a reminder.
            Kind::TransferArrived => true,
        }
    }
}

/// The kinds of reminder, as stored in the outbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    CobroTomorrow,
    CobroOverdue,
    DebtDue,
    Budget80,
    Budget100,
    WeeklySummary,
    /// A recurring movement's day: the host starts the `recurring` agent's
    /// proposal (`TurnInput::start`), written only after a «sí».
    RecurringDue,
    /// A transfer sent abroad arrived (seed 004's notice).
    TransferArrived,
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::CobroTomorrow,
        Kind::CobroOverdue,
        Kind::DebtDue,
        Kind::Budget80,
        Kind::Budget100,
        Kind::WeeklySummary,
        Kind::RecurringDue,
        Kind::TransferArrived,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::CobroTomorrow => "cobro_tomorrow",
            Kind::CobroOverdue => "cobro_overdue",
            Kind::DebtDue => "debt_due",
            Kind::Budget80 => "budget_80",
            Kind::Budget100 => "budget_100",
            Kind::WeeklySummary => "weekly_summary",
            Kind::RecurringDue => "recurring_due",
            Kind::TransferArrived => "transfer_arrived",
        }
    }

    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// A month's budget as the ledger has it: the general one, or one
/// category's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonthBudget {
    /// `YYYY-MM`.
    pub month: String,
    /// The category key of a category budget; `None` for the general one.
    pub category: Option<String>,
    pub cap: Centavos,
    /// What counts against it this month: variable expenses for the
    /// general budget, every expense of the category for a category's.
    pub spent: Centavos,
}

/// The totals of the week [`summary_week`] named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeekTotals {
    /// The Monday, `YYYY-MM-DD`.
    pub from: String,
    pub expense: Centavos,
    pub income: Centavos,
    pub count: i64,
}

/// What a host read for one person.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// Their payment requests (only pending ones with a due date count).
    pub cobros: Vec<PaymentRequest>,
    pub debts: Vec<DebtRow>,
    /// The general budget and every category budget in force.
    pub budgets: Vec<MonthBudget>,
    pub week: Option<WeekTotals>,
    /// Their recurring movements.
    pub recurring: Vec<crate::tools::recurring::Item>,
    /// Their transfers that arrived within the notice window.
    pub transfers: Vec<crate::tools::transfers::Transfer>,
}

/// One message to send first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reminder {
    pub kind: Kind,
    /// What it is about: a cobro's reference, a debt's key, a budget's
    /// category or "general", "week", a recurring item's id.
    pub reference: String,
    /// Which occurrence: a date, a month, an overdue week.
    pub period: String,
    pub text: String,
    /// A text for the person to forward (a cobro's reminder to whoever owes).
    pub share: Option<String>,
    /// Not sent after this instant (its words name a day).
    pub expires_at: UnixMillis,
}

/// Minutes since local midnight.
fn local_minutes(now: UnixMillis, zone: &TimeZone) -> i64 {
    let local = now.div_euclid(1000) + i64::from(zone.offset_seconds(now));
    local.div_euclid(60).rem_euclid(24 * 60)
}

/// Whether `now` is between 22:00 and 08:00 in the person's zone.
pub fn quiet(now: UnixMillis, zone: &TimeZone) -> bool {
    let hour = local_minutes(now, zone) / 60;
    !(QUIET_UNTIL_HOUR..QUIET_FROM_HOUR).contains(&hour)
}

/// 22:00 of the local day of `now`: when the day's reminders stop.
pub fn end_of_day(now: UnixMillis, zone: &TimeZone) -> UnixMillis {
    let midnight = now - local_minutes(now, zone) * 60_000 - now.rem_euclid(60_000);
    midnight + QUIET_FROM_HOUR * HOUR_MS
}

/// On Sunday evening, for a person who asked for it: the week (Monday to
/// Sunday) whose totals the host should read.
pub fn summary_week(
    now: UnixMillis,
    zone: &TimeZone,
    settings: &Settings,
) -> Option<(NaiveDate, NaiveDate)> {
    let today = zone.date_at(now);
    let evening = local_minutes(now, zone) / 60 >= SUMMARY_HOUR;
    (settings.summary && evening && today.weekday() == Weekday::Sun && !quiet(now, zone))
        .then(|| (today - Days::new(6), today))
}

/// The reminders due for one person at `now`; none at night.
pub fn due(now: UnixMillis, zone: &TimeZone, settings: &Settings, facts: &Facts) -> Vec<Reminder> {
    if quiet(now, zone) {
        return Vec::new();
    }
    let today = zone.date_at(now);
    let tonight = end_of_day(now, zone);
    let mut out = Vec::new();
    for cobro in &facts.cobros {
        out.extend(cobro_reminder(cobro, today, tonight));
    }
    let tomorrow = today + Days::new(1);
    for debt in &facts.debts {
        out.extend(debt_reminder(debt, tomorrow, tonight));
    }
    for budget in &facts.budgets {
        out.extend(budget_reminder(budget, today, now));
    }
    if let (Some(week), Some((from, to))) = (&facts.week, summary_week(now, zone, settings))
        && week.from == iso_date(from)
    {
        out.push(Reminder {
            kind: Kind::WeeklySummary,
            reference: "week".into(),
            period: iso_date(to),
            text: text::weekly_summary(from, to, week.expense, week.income, week.count),
            share: None,
            expires_at: tonight,
        });
    }
    for item in &facts.recurring {
        out.extend(recurring_due(item, today, tonight));
    }
    for transfer in &facts.transfers {
        out.extend(transfer_arrived(transfer, now));
    }
    out.retain(|r| settings.allows(r.kind));
    out
}

/// A recurring movement on its day, not yet recorded for it: the host
/// starts its proposal ([`Reminder::start`]).
fn recurring_due(
    item: &crate::tools::recurring::Item,
    today: NaiveDate,
    tonight: i64,
) -> Option<Reminder> {
    let day = iso_date(today);
    if !item.falls_on(today) || item.recorded_on.as_deref() >= Some(day.as_str()) {
        return None;
    }
    Some(Reminder {
        kind: Kind::RecurringDue,
        reference: item.id.to_string(),
        period: day,
        text: text::recurring_due(&item.name, item.amount_mxn_cents),
        share: None,
        expires_at: tonight,
    })
}

/// A transfer that arrived, said once, within the notice window.
fn transfer_arrived(transfer: &crate::tools::transfers::Transfer, now: i64) -> Option<Reminder> {
    let expires_at = transfer.arrives_at + crate::tools::transfers::NOTICE_WINDOW_MS;
    (transfer.arrives_at <= now && now < expires_at).then(|| Reminder {
        kind: Kind::TransferArrived,
        reference: transfer.id.clone(),
        period: "arrived".into(),
        text: text::transfer_arrived(transfer),
        share: None,
        expires_at,
    })
}

/// The turn a reminder of `kind` starts instead of a plain message: for
/// a recurring movement's day, the `recurring` agent's proposal of item
/// `reference` on `period`.
pub fn start(kind: Kind, reference: &str, period: &str) -> Option<crate::agents::state::Start> {
    (kind == Kind::RecurringDue).then(|| crate::agents::state::Start {
        agent: "recurring".into(),
        intent: "proponer".into(),
        slots: [
            ("item".to_string(), serde_json::Value::from(reference)),
            ("date".to_string(), serde_json::Value::from(period)),
        ]
        .into_iter()
        .collect(),
    })
}

fn cobro_reminder(cobro: &PaymentRequest, today: NaiveDate, tonight: i64) -> Option<Reminder> {
    if cobro.status != Status::Pending || cobro.owed() <= 0 {
        return None;
    }
    let due = parse_iso_date(cobro.due_date.as_deref()?)?;
    let name = cobro.contact_name.as_str();
    let concept = cobro.concept.as_deref();
    let owed = cobro.owed();
    let share = Some(text::cobro_forward(name, owed, concept, due));
    let late = (today - due).num_days();
    let (kind, period, words) = if late == -1 {
        let words = text::cobro_tomorrow(name, owed, concept, due);
        (Kind::CobroTomorrow, iso_date(due), words)
    } else if late >= 1 {
        let words = text::cobro_overdue(name, owed, concept, due, late);
        // The day after it was due, then once a week.
        (Kind::CobroOverdue, format!("w{}", (late - 1) / 7), words)
    } else {
        return None;
    };
    Some(Reminder {
        kind,
        reference: cobro.reference(),
        period,
        text: words,
        share,
        expires_at: tonight,
    })
}

/// The day a debt is paid in the month of `day`: its day, or the month's
/// last when shorter.
fn payment_day(due_day: u8, day: NaiveDate) -> Option<NaiveDate> {
    let first = day.with_day(1)?;
    let next = first.checked_add_months(chrono::Months::new(1))?;
    let last = (next - Days::new(1)).day();
    first.with_day(u32::from(due_day).min(last))
}

fn debt_reminder(debt: &DebtRow, tomorrow: NaiveDate, tonight: i64) -> Option<Reminder> {
    let day = payment_day(debt.due_day?, tomorrow)?;
    if day != tomorrow || debt.balance_mxn_cents == Some(0) {
        return None;
    }
    Some(Reminder {
        kind: Kind::DebtDue,
        reference: crate::tools::cobros::key(&debt.name),
        period: iso_date(day),
        text: text::debt_due(
            &debt.name,
            day,
            debt.minimum_payment_mxn_cents,
            debt.balance_mxn_cents,
        ),
        share: None,
        expires_at: tonight,
    })
}

/// The highest threshold `spent` reached of `cap`: all of it, or 80 %
/// (in integers: spent / cap >= 4 / 5). Both the schedule and the alert
/// in an answer decide a budget's level here.
pub fn budget_level(spent: Centavos, cap: Centavos) -> Option<Kind> {
    if cap <= 0 {
        None
    } else if spent >= cap {
        Some(Kind::Budget100)
    } else if i128::from(spent) * 5 >= i128::from(cap) * 4 {
        Some(Kind::Budget80)
    } else {
        None
    }
}

/// The threshold an expense took a budget across, from `before` to
/// `after`: none when it stayed at the level it was.
pub fn budget_crossed(before: Centavos, after: Centavos, cap: Centavos) -> Option<Kind> {
    let level = budget_level(after, cap)?;
    (budget_level(before, cap) != Some(level)).then_some(level)
}

/// A reminder an answer already said (a budget's alert after the expense
/// that crossed it): the host records it as sent, so the schedule does
/// not say it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Said {
    pub kind: Kind,
    pub reference: String,
    pub period: String,
    pub text: String,
}

fn budget_reminder(budget: &MonthBudget, today: NaiveDate, now: i64) -> Option<Reminder> {
    if budget.month != iso_month(today) {
        return None;
    }
    let kind = budget_level(budget.spent, budget.cap)?;
    Some(Reminder {
        kind,
        reference: budget.category.clone().unwrap_or_else(|| "general".into()),
        period: budget.month.clone(),
        text: text::budget(
            budget.category.as_deref(),
            &budget.month,
            (budget.spent, budget.cap),
            kind == Kind::Budget100,
        ),
        share: None,
        // Still true for the rest of the week; then the month moves on.
        expires_at: now + 7 * DAY_MS,
    })
}

#[cfg(test)]
mod tests;

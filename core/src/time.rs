//! Instants, civil dates and the Mexican time zones Caja knows.
//!
//! Time is an argument: hosts pass `now` as milliseconds since the Unix
//! epoch and a zone name. The offsets follow the rules in force since the
//! 2022 reform (no daylight saving time except on the US border).

use chrono::{DateTime, Datelike, NaiveDate, Weekday};

/// The zone used when a user has none.
pub const DEFAULT_TIMEZONE: &str = "America/Mexico_City";

/// Milliseconds since the Unix epoch, UTC.
pub type UnixMillis = i64;

/// How a zone derives its UTC offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ZoneRule {
    /// A fixed offset in seconds east of UTC.
    Fixed(i32),
    /// US daylight saving time: standard offset, +1 h from the second
    /// Sunday of March to the first Sunday of November (02:00 local).
    UsDst(i32),
}

const ZONES: &[(&str, ZoneRule)] = &[
    ("America/Mexico_City", ZoneRule::Fixed(-6 * 3600)),
    ("America/Monterrey", ZoneRule::Fixed(-6 * 3600)),
    ("America/Merida", ZoneRule::Fixed(-6 * 3600)),
    ("America/Bahia_Banderas", ZoneRule::Fixed(-6 * 3600)),
    ("America/Chihuahua", ZoneRule::Fixed(-6 * 3600)),
    ("America/Cancun", ZoneRule::Fixed(-5 * 3600)),
    ("America/Hermosillo", ZoneRule::Fixed(-7 * 3600)),
    ("America/Mazatlan", ZoneRule::Fixed(-7 * 3600)),
    ("America/Tijuana", ZoneRule::UsDst(-8 * 3600)),
    ("America/Ciudad_Juarez", ZoneRule::UsDst(-7 * 3600)),
    ("America/Ojinaga", ZoneRule::UsDst(-6 * 3600)),
    ("America/Matamoros", ZoneRule::UsDst(-6 * 3600)),
    ("UTC", ZoneRule::Fixed(0)),
];

/// A supported time zone, looked up by its IANA name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeZone {
    name: &'static str,
    rule: ZoneRule,
}

impl TimeZone {
    /// Finds a zone by IANA name; `None` when Caja does not know it.
    pub fn by_name(name: &str) -> Option<TimeZone> {
        ZONES
            .iter()
            .find(|(zone, _)| zone.eq_ignore_ascii_case(name))
            .map(|&(name, rule)| TimeZone { name, rule })
    }

    /// America/Mexico_City.
    pub fn default_zone() -> TimeZone {
        TimeZone::by_name(DEFAULT_TIMEZONE).expect("default zone is in the table")
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Offset from UTC in seconds at the instant `now`.
    pub fn offset_seconds(&self, now: UnixMillis) -> i32 {
        match self.rule {
            ZoneRule::Fixed(offset) => offset,
            ZoneRule::UsDst(standard) => {
                let local_standard = now.div_euclid(1000) + i64::from(standard);
                let Some(local) = DateTime::from_timestamp(local_standard, 0) else {
                    return standard;
                };
                let year = local.year();
                let start = nth_sunday(year, 3, 2).and_hms_opt(2, 0, 0);
                let end = nth_sunday(year, 11, 1).and_hms_opt(1, 0, 0);
                let naive = local.naive_utc();
                match (start, end) {
                    (Some(start), Some(end)) if naive >= start && naive < end => standard + 3600,
                    _ => standard,
                }
            }
        }
    }

    /// The wall-clock time at `now` in this zone, as `HH:MM`.
    pub fn clock_at(&self, now: UnixMillis) -> String {
        let local = now.div_euclid(1000) + i64::from(self.offset_seconds(now));
        let minutes = local.div_euclid(60).rem_euclid(24 * 60);
        format!("{:02}:{:02}", minutes / 60, minutes % 60)
    }

    /// The civil date at `now` in this zone.
    pub fn date_at(&self, now: UnixMillis) -> NaiveDate {
        let local = now.div_euclid(1000) + i64::from(self.offset_seconds(now));
        DateTime::from_timestamp(local, 0)
            .map(|dt| dt.date_naive())
            .unwrap_or(NaiveDate::MIN)
    }
}

fn nth_sunday(year: i32, month: u32, nth: u32) -> NaiveDate {
    NaiveDate::from_weekday_of_month_opt(year, month, Weekday::Sun, nth as u8)
        .unwrap_or(NaiveDate::MIN)
}

/// `now` as an ISO-8601 UTC timestamp with milliseconds.
pub fn iso_utc(now: UnixMillis) -> String {
    // Written by hand (it runs several times per turn): the civil date of
    // a day number (H. Hinnant's `civil_from_days`), for years 0 to 9999.
    const MIN: UnixMillis = -62_167_219_200_000; // 0000-01-01
    const MAX: UnixMillis = 253_402_300_800_000; // 10000-01-01
    if !(MIN..MAX).contains(&now) {
        return iso_utc_far(now);
    }
    let (days, ms) = (now.div_euclid(86_400_000), now.rem_euclid(86_400_000));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let mut out = [0u8; 24];
    let mut put = |at: usize, value: i64, width: usize| {
        let mut value = value;
        for k in (at..at + width).rev() {
            out[k] = b'0' + (value % 10) as u8;
            value /= 10;
        }
    };
    put(0, year, 4);
    put(5, month, 2);
    put(8, day, 2);
    put(11, ms / 3_600_000, 2);
    put(14, ms / 60_000 % 60, 2);
    put(17, ms / 1_000 % 60, 2);
    put(20, ms % 1_000, 3);
    for (at, mark) in [
        (4, b'-'),
        (7, b'-'),
        (10, b'T'),
        (13, b':'),
        (16, b':'),
        (19, b'.'),
        (23, b'Z'),
    ] {
        out[at] = mark;
    }
    out.iter().map(|&b| char::from(b)).collect()
}

/// [`iso_utc`] of a time before year 0 or after 9999, through chrono.
fn iso_utc_far(now: UnixMillis) -> String {
    use chrono::Timelike;
    let Some(dt) = DateTime::from_timestamp_millis(now) else {
        return "1970-01-01T00:00:00.000Z".to_string();
    };
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        dt.year().max(0),
        dt.month(),
        dt.day(),
        dt.hour(),
        dt.minute(),
        dt.second(),
        now.rem_euclid(1000)
    )
}

/// Parses an ISO-8601 UTC timestamp written by [`iso_utc`].
pub fn parse_iso_utc(text: &str) -> Option<UnixMillis> {
    DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|dt| dt.timestamp_millis())
}

/// `YYYY-MM-DD`.
pub fn iso_date(date: NaiveDate) -> String {
    format!("{:04}-{:02}-{:02}", date.year(), date.month(), date.day())
}

/// Parses `YYYY-MM-DD`.
pub fn parse_iso_date(text: &str) -> Option<NaiveDate> {
    // The usual form read by hand (it runs on every date a tool checks);
    // anything else as chrono reads it.
    let b = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        b[range].iter().try_fold(0u32, |n, d| {
            d.is_ascii_digit().then(|| n * 10 + u32::from(d - b'0'))
        })
    };
    if b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && let (Some(y), Some(m), Some(d)) = (digits(0..4), digits(5..7), digits(8..10))
    {
        return NaiveDate::from_ymd_opt(y as i32, m, d);
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

/// `YYYY-MM` of a date.
pub fn iso_month(date: NaiveDate) -> String {
    format!("{:04}-{:02}", date.year(), date.month())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    // 2026-11-22T05:30:00Z: still the 21st in Mexico City.
    const LATE_NIGHT: UnixMillis = 1_795_325_400_000;

    /// The hand-written date and time agree with chrono's everywhere
    /// they are used, leap days, year ends and times before 1970 included.
    #[test]
    fn iso_utc_agrees_with_chrono() {
        let mut now: UnixMillis = -62_167_219_200_000;
        while now < 253_402_300_800_000 {
            for t in [now, now + 86_399_999, now + 59_999_123] {
                assert_eq!(iso_utc(t), iso_utc_far(t), "{t}");
            }
            now += 86_400_000 * 97 + 3_601_001;
        }
        assert_eq!(iso_utc(LATE_NIGHT), "2026-11-22T05:30:00.000Z");
        assert_eq!(iso_utc(951_782_400_000), "2000-02-29T00:00:00.000Z");
        assert_eq!(iso_utc(-1), "1969-12-31T23:59:59.999Z");
    }

    #[test]
    fn iso_dates_read_as_chrono_reads_them() {
        for text in [
            "2026-02-29",
            "2024-02-29",
            "2026-11-25",
            "2026-13-01",
            "2026-1-5",
            "2026-11-2x",
            "20261125",
            "",
        ] {
            assert_eq!(
                parse_iso_date(text),
                NaiveDate::parse_from_str(text, "%Y-%m-%d").ok(),
                "{text}"
            );
        }
    }

    #[test]
    fn clock_times_are_local() {
        let city = TimeZone::default_zone();
        assert_eq!(city.clock_at(LATE_NIGHT), "23:30");
        let tijuana = TimeZone::by_name("America/Tijuana").unwrap();
        assert_eq!(tijuana.clock_at(LATE_NIGHT), "21:30");
    }

    #[test]
    fn today_is_computed_in_the_users_zone() {
        assert_eq!(iso_utc(LATE_NIGHT), "2026-11-22T05:30:00.000Z");
        let cdmx = TimeZone::default_zone();
        assert_eq!(iso_date(cdmx.date_at(LATE_NIGHT)), "2026-11-21");
        let utc = TimeZone::by_name("UTC").unwrap();
        assert_eq!(iso_date(utc.date_at(LATE_NIGHT)), "2026-11-22");
    }

    #[test]
    fn the_border_follows_us_daylight_saving_time() {
        let tijuana = TimeZone::by_name("America/Tijuana").unwrap();
        let july = parse_iso_utc("2026-07-01T12:00:00Z").unwrap();
        assert_eq!(tijuana.offset_seconds(july), -7 * 3600);
        let december = parse_iso_utc("2026-12-01T12:00:00Z").unwrap();
        assert_eq!(tijuana.offset_seconds(december), -8 * 3600);
        assert!(TimeZone::by_name("Mars/Olympus").is_none());
    }
}

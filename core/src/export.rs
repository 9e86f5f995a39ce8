//! The person's own data as files a spreadsheet opens: CSV in UTF-8 with
//! a byte order mark (Excel reads "súper" right), headers in Spanish, CRLF
//! line ends, every field quoted and a leading `=`, `+`, `-` or `@`
//! neutralised (a cell is never a formula); and a ZIP of several (stored,
//! uncompressed: the files are small and any reader opens them). Pure: the
//! host reads the rows, this writes the bytes.

/// The byte order mark Excel needs to read UTF-8.
pub const BOM: &str = "\u{feff}";

/// One file of the export: its name and its rows under a header.
pub struct Table<'a> {
    pub name: &'a str,
    pub header: &'a [&'a str],
    pub rows: Vec<Vec<String>>,
}

/// A CSV cell: quoted, quotes doubled, a formula's first character
/// neutralised with a `'`.
pub fn field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// The table as CSV: the BOM, the header, one line per row.
pub fn csv(header: &[&str], rows: &[Vec<String>]) -> String {
    let line =
        |cells: &mut dyn Iterator<Item = String>| cells.collect::<Vec<_>>().join(",") + "\r\n";
    let mut out = String::from(BOM);
    out.push_str(&line(&mut header.iter().map(|h| field(h))));
    for row in rows {
        out.push_str(&line(&mut row.iter().map(|c| field(c))));
    }
    out
}

/// Pesos with two decimals and a point ("8500.00"), as spreadsheets read
/// numbers; negative keeps its sign.
pub fn pesos(centavos: i64) -> String {
    let sign = if centavos < 0 { "-" } else { "" };
    let abs = centavos.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// A ZIP archive of `files` (name, bytes), stored, each dated `date`
/// (year, month, day) at midnight.
pub fn zip(files: &[(String, Vec<u8>)], date: (i32, u32, u32)) -> Vec<u8> {
    let (year, month, day) = date;
    let dos_date =
        u16::try_from(((year - 1980).clamp(0, 127) << 9) as u32 | (month << 5) | day).unwrap_or(0);
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, bytes) in files {
        let offset = u32::try_from(out.len()).unwrap_or(u32::MAX);
        let crc = crc32(bytes);
        let size = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
        let name_len = u16::try_from(name.len()).unwrap_or(u16::MAX);
        // Local file header: version 2.0, UTF-8 names (bit 11), stored.
        let common = |v: &mut Vec<u8>| {
            v.extend(20u16.to_le_bytes());
            v.extend(0x0800u16.to_le_bytes());
            v.extend(0u16.to_le_bytes());
            v.extend(0u16.to_le_bytes());
            v.extend(dos_date.to_le_bytes());
            v.extend(crc.to_le_bytes());
            v.extend(size.to_le_bytes());
            v.extend(size.to_le_bytes());
            v.extend(name_len.to_le_bytes());
            v.extend(0u16.to_le_bytes());
        };
        out.extend(0x0403_4b50u32.to_le_bytes());
        common(&mut out);
        out.extend(name.as_bytes());
        out.extend(bytes);
        central.extend(0x0201_4b50u32.to_le_bytes());
        central.extend(20u16.to_le_bytes());
        common(&mut central);
        // Comment length, disk, internal and external attributes.
        central.extend([0u8; 10]);
        central.extend(offset.to_le_bytes());
        central.extend(name.as_bytes());
    }
    let start = u32::try_from(out.len()).unwrap_or(u32::MAX);
    let count = u16::try_from(files.len()).unwrap_or(u16::MAX);
    let central_len = u32::try_from(central.len()).unwrap_or(u32::MAX);
    out.extend(central);
    out.extend(0x0605_4b50u32.to_le_bytes());
    out.extend([0u8; 4]);
    out.extend(count.to_le_bytes());
    out.extend(count.to_le_bytes());
    out.extend(central_len.to_le_bytes());
    out.extend(start.to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out
}

/// CRC-32 (IEEE), as ZIP checks it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_opens_in_a_spreadsheet_as_written() {
        let text = csv(
            &["fecha", "descripción"],
            &[
                vec!["2026-11-26".into(), "súper, \"Walmart\"".into()],
                vec!["x".into(), "=1+1".into()],
            ],
        );
        assert_eq!(
            text,
            "\u{feff}\"fecha\",\"descripción\"\r\n\"2026-11-26\",\"súper, \"\"Walmart\"\"\"\r\n\"x\",\"'=1+1\"\r\n"
        );
        assert_eq!(pesos(850_000), "8500.00");
        assert_eq!(pesos(-5), "-0.05");
    }

    #[test]
    fn crc_and_zip_are_the_format() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        let archive = zip(&[("a.csv".into(), b"hola".to_vec())], (2026, 11, 26));
        assert_eq!(&archive[..4], b"PK\x03\x04");
        assert_eq!(
            &archive[archive.len() - 22..archive.len() - 18],
            b"PK\x05\x06"
        );
        // Local header 30 + name 5 + data 4; central 46 + 5; end 22.
        assert_eq!(archive.len(), 30 + 5 + 4 + 46 + 5 + 22);
    }
}

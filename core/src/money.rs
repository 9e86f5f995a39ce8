//! Money as integer centavos (MXN) and its Spanish (Mexico) display form.

/// An amount of Mexican pesos in centavos. Never a float.
pub type Centavos = i64;

/// Formats centavos the way Mexican banks print amounts: `$1,234.56`,
/// negative amounts as `-$1,234.56`.
pub fn format_mxn(centavos: Centavos) -> String {
    let negative = centavos < 0;
    let abs = centavos.unsigned_abs();
    let pesos = abs / 100;
    let cents = abs % 100;
    let digits = pesos.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3 + 6);
    if negative {
        grouped.push('-');
    }
    grouped.push('$');
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    grouped.push('.');
    if cents < 10 {
        grouped.push('0');
    }
    grouped.push_str(&cents.to_string());
    grouped
}

/// One person's part of `total` shared among `ways`, to the centavo
/// (what cannot be split evenly stays with the total: $1,000.00 among 3
/// is $333.33 each).
pub fn share(total: Centavos, ways: u8) -> Centavos {
    total / Centavos::from(ways.max(1))
}

#[cfg(test)]
mod tests {
    use super::format_mxn;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn formats_with_thousands_separators_and_two_decimals() {
        let cases = [
            (0, "$0.00"),
            (5, "$0.05"),
            (25_000, "$250.00"),
            (123_456, "$1,234.56"),
            (100_000_000, "$1,000,000.00"),
            (-150_050, "-$1,500.50"),
            (i64::MIN, "-$92,233,720,368,547,758.08"),
        ];
        for (centavos, expected) in cases {
            assert_eq!(format_mxn(centavos), expected, "format_mxn({centavos})");
        }
    }
}

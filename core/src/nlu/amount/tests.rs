use super::super::normalize::{fold, tokenize};
use super::*;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn amount(text: &str) -> Option<(Centavos, Option<Foreign>)> {
    let tokens = tokenize(&fold(text));
    let used = vec![false; tokens.len()];
    let found = find_amounts(&tokens, &used);
    best_amount(&found).map(|m| (m.centavos, m.foreign))
}

#[test]
fn amounts_as_mexicans_write_them() {
    let cases: &[(&str, Centavos)] = &[
        ("250", 25_000),
        ("$250", 25_000),
        ("250 pesos", 25_000),
        ("$1,500.50", 150_050),
        ("1500.5", 150_050),
        ("1.5k", 150_000),
        ("2 mil", 200_000),
        ("mil quinientos", 150_000),
        ("doscientos cincuenta", 25_000),
        ("300 MXN", 30_000),
        ("2 mil 500", 250_000),
        ("dos mil", 200_000),
        ("treinta y cinco pesos", 3_500),
        ("12,000,000", 1_200_000_000),
        ("1.500", 150_000),
        // A count and its price: the count times the price.
        ("compre 2 tacos de 30", 6_000),
        ("vendi 40 tamales a 15 cada uno", 60_000),
        ("la colegiatura de mis 2 hijos, 1,850 cada uno", 370_000),
        ("hoy vendi 10 recargas de 50 pesos", 50_000),
        ("compre 3 cajas de refresco a 180", 54_000),
        ("3 kilos de huevo a 48", 14_400),
        ("uniformes 2 a 275", 55_000),
        // Not a price: the count is the money's ("500 en 3 cosas").
        ("gaste 500 en 3 cosas", 50_000),
        ("un millon", 100_000_000),
        ("tres mil doscientos", 320_000),
        ("dos cientos", 20_000),
        ("medio millon", 50_000_000),
        ("treinta y 5", 3_500),
        ("doce mil 500", 1_250_000),
        ("1 millon 200 mil", 120_000_000),
        ("5 mil millones", 500_000_000_000),
        ("mil millones", 100_000_000_000),
        ("2 mil millones 300 mil", 200_030_000_000),
        ("2 millones 350 mil 500", 235_050_000),
        (".75", 75),
        ("$2,300.00 M.N.", 230_000),
        ("1.5k", 150_000),
        ("una luca", 100_000),
        ("un palo", 100_000_000),
        ("2 palos", 200_000_000),
    ];
    for &(text, expected) in cases {
        assert_eq!(amount(text), Some((expected, None)), "{text}");
    }
}

#[test]
fn foreign_currencies_are_flagged_not_converted() {
    let cases: &[(&str, Centavos, &str)] = &[
        ("20 dólares", 2_000, "USD"),
        ("USD 50", 5_000, "USD"),
        ("US$40", 4_000, "USD"),
        ("30 euros", 3_000, "EUR"),
        ("€30", 3_000, "EUR"),
        ("£12", 1_200, "GBP"),
        ("100 libras", 10_000, "GBP"),
        ("200 yenes", 20_000, "JPY"),
        ("¥500", 50_000, "JPY"),
        ("3000 pesos colombianos", 300_000, "COP"),
        ("500 pesos argentinos", 50_000, "ARS"),
        ("20 mil pesos chilenos", 2_000_000, "CLP"),
        ("40 soles", 4_000, "PEN"),
        ("20 reales", 2_000, "BRL"),
        ("R$ 20", 2_000, "BRL"),
        ("15 dólares canadienses", 1_500, "CAD"),
        ("0.01 bitcoin", 1, "BTC"),
        ("100 pesetas", 10_000, "ESP"),
        ("50 francos", 5_000, "CHF"),
    ];
    for &(text, centavos, code) in cases {
        assert_eq!(
            amount(text),
            Some((centavos, Some(Foreign(code)))),
            "{text}"
        );
    }
    assert_eq!(amount("un café"), None);
    assert_eq!(amount("250 pesos"), Some((25_000, None)));
    assert_eq!(amount("$250"), Some((25_000, None)));
}

//! The tokenizer of conditions: words (paths and keywords), literals,
//! operators and punctuation, each with its character offset.

use serde_json::{Number, Value};

use super::{Op, Problem};

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok {
    /// A path or a keyword.
    Word(String),
    Literal(Value),
    Op(Op),
    Open,
    Close,
    OpenList,
    CloseList,
    Comma,
}

pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) offset: usize,
}

pub(super) fn lex(src: &[char]) -> Result<Vec<Token>, Problem> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < src.len() {
        let (c, next) = (src[i], src.get(i + 1).copied());
        let offset = i;
        let (tok, len) = match (c, next) {
            (c, _) if c.is_whitespace() => {
                i += 1;
                continue;
            }
            ('(', _) => (Tok::Open, 1),
            (')', _) => (Tok::Close, 1),
            ('[', _) => (Tok::OpenList, 1),
            (']', _) => (Tok::CloseList, 1),
            (',', _) => (Tok::Comma, 1),
            ('=', Some('=')) => (Tok::Op(Op::Eq), 2),
            ('=', _) => (Tok::Op(Op::Eq), 1),
            ('!', Some('=')) => (Tok::Op(Op::Ne), 2),
            ('<', Some('=')) => (Tok::Op(Op::Le), 2),
            ('<', _) => (Tok::Op(Op::Lt), 1),
            ('>', Some('=')) => (Tok::Op(Op::Ge), 2),
            ('>', _) => (Tok::Op(Op::Gt), 1),
            ('\'' | '"', _) => lex_string(src, i)?,
            (c, _) if c.is_ascii_digit() => lex_number(src, i)?,
            ('-', Some(d)) if d.is_ascii_digit() => lex_number(src, i)?,
            (c, _) if c.is_ascii_alphabetic() || c == '_' => {
                let len = src[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || **c == '_' || **c == '.')
                    .count();
                (Tok::Word(src[i..i + len].iter().collect()), len)
            }
            (c, _) => return Err(Problem::new(i, format!("unexpected character `{c}`"))),
        };
        tokens.push(Token { tok, offset });
        i += len;
    }
    Ok(tokens)
}

fn lex_string(src: &[char], start: usize) -> Result<(Tok, usize), Problem> {
    let quote = src[start];
    let mut text = String::new();
    let mut i = start + 1;
    while let Some(&c) = src.get(i) {
        match c {
            '\\' => {
                let escaped = match src.get(i + 1) {
                    Some(&e @ ('\\' | '\'' | '"')) => e,
                    Some('n') => '\n',
                    Some('t') => '\t',
                    _ => {
                        return Err(Problem::new(
                            i,
                            "unknown escape (use \\\\, \\', \\\", \\n, \\t)",
                        ));
                    }
                };
                text.push(escaped);
                i += 2;
            }
            c if c == quote => return Ok((Tok::Literal(Value::String(text)), i + 1 - start)),
            c => {
                text.push(c);
                i += 1;
            }
        }
    }
    Err(Problem::new(start, "unterminated string"))
}

fn lex_number(src: &[char], start: usize) -> Result<(Tok, usize), Problem> {
    let digits = |from: usize| {
        src[from..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let mut end = start + usize::from(src[start] == '-');
    end += digits(end);
    let decimal = src.get(end) == Some(&'.') && src.get(end + 1).is_some_and(char::is_ascii_digit);
    if decimal {
        end += 1 + digits(end + 1);
    }
    if src
        .get(end)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
    {
        return Err(Problem::new(start, "invalid number"));
    }
    let text: String = src[start..end].iter().collect();
    let number = if decimal {
        text.parse::<f64>().ok().and_then(Number::from_f64)
    } else {
        text.parse::<i64>().ok().map(Number::from)
    };
    match number {
        Some(number) => Ok((Tok::Literal(Value::Number(number)), end - start)),
        None => Err(Problem::new(start, "number out of range")),
    }
}

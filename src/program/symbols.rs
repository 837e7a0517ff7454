//! How the input writes a square: the symbols of the pieces, a row cut into them, and a
//! stack (`5x`).

use super::{Code, EMPTY, Program};

impl Program {
    /// The cell whose symbol starts `text` (the longest symbol that does), and the symbol.
    pub fn symbol_at(&self, text: &str) -> Option<(Code, &str)> {
        self.symbols
            .iter()
            .filter(|(s, _)| text.starts_with(s.as_str()))
            .max_by_key(|(s, _)| s.len())
            .map(|(s, c)| (*c, s.as_str()))
    }

    /// A square of a board of stacks as written: a piece's symbol after the stack's height
    /// (`5x`; `x` alone for one), or the empty symbol: the piece and the height (`None` when
    /// the text is not that, or the height is 0 or above 255).
    pub fn stack_token(&self, text: &str) -> Option<(Code, u8)> {
        let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (n, sym) = text.split_at(digits);
        let (code, s) = self.symbol_at(sym)?;
        // The whole text a symbol, and no height before the empty symbol.
        if s.len() != sym.len() || (code == EMPTY && !n.is_empty()) {
            return None;
        }
        let height = match n {
            "" => 1,
            n => n.parse::<u8>().ok().filter(|&h| h > 0)?,
        };
        Some((code, height))
    }

    /// A row of symbols cut into its symbols (the longest first at each place); where a
    /// character starts no symbol, that character alone.
    pub fn split_symbols<'t>(&self, row: &'t str) -> Vec<Result<(Code, &'t str), char>> {
        let mut out = Vec::new();
        let mut rest = row;
        while let Some(ch) = rest.chars().next() {
            match self.symbol_at(rest) {
                Some((code, s)) => {
                    out.push(Ok((code, &rest[..s.len()])));
                    rest = &rest[s.len()..];
                }
                None => {
                    out.push(Err(ch));
                    rest = &rest[ch.len_utf8()..];
                }
            }
        }
        out
    }
}

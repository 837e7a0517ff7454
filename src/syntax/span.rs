//! Where things are written in a rules file: byte spans, and names and strings with theirs.

/// A byte range in the rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
    pub fn len(self) -> usize {
        self.end - self.start
    }
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// An identifier with its span.
#[derive(Clone, Debug)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// A string literal, escapes resolved.
#[derive(Clone, Debug)]
pub struct Str {
    pub value: String,
    pub span: Span,
}

//! The syntax of directions: `direction NAME [of SIDE] = ...` and the members of a
//! `directions` set.

use super::span::{Name, Span};

#[derive(Debug)]
pub struct DirectionDef {
    pub name: Name,
    /// `direction NAME of SIDE = through ...`: that side's route of the name.
    pub owner: Option<Name>,
    pub value: DirectionValue,
}

/// A member of a `directions` set: a name, or a step written out.
#[derive(Debug)]
pub enum DirItem {
    Name(Name),
    Vector(i64, i64, Span),
}

#[derive(Debug)]
pub enum DirectionValue {
    Vector(i64, i64, Span),
    Sum(Vec<Name>),
    /// `through A B C ... [once]`: from each square to the next one written, from the last
    /// to the first (a round, as seeds are sown), or nowhere with `once`.
    Through(Vec<Name>, bool),
}

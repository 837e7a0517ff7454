//! The pest parser generated from `grammar/ply.pest`.

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/ply.pest"]
pub struct RulesParser;

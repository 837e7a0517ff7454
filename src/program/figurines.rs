//! Which figurine a kind is drawn as: a kind named after one (`king`, `queen`, `rook`,
//! `bishop`, `knight`, `pawn`, `arrow`, `man`) has it; beside a `man`, a `king` is the
//! crowned man; `promoted-NAME` is NAME's figurine, marked as promoted.

use super::Program;

/// The figurines pictures draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figurine {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    Arrow,
    Man,
    CrownedMan,
}

/// The names that have a figurine, for messages.
pub const FIGURINE_NAMES: &str = "`king`, `queen`, `rook`, `bishop`, `knight`, `pawn`, `arrow`, \
     `man` (and `promoted-NAME` for each)";

impl Figurine {
    /// The figurine a kind's name names, in a game with `man` or without.
    fn named(name: &str, men: bool) -> Option<Figurine> {
        Some(match name {
            "king" if men => Figurine::CrownedMan,
            "king" => Figurine::King,
            "queen" => Figurine::Queen,
            "rook" => Figurine::Rook,
            "bishop" => Figurine::Bishop,
            "knight" => Figurine::Knight,
            "pawn" => Figurine::Pawn,
            "arrow" => Figurine::Arrow,
            "man" => Figurine::Man,
            _ => return None,
        })
    }

    /// Its name in a picture.
    pub fn id(self) -> &'static str {
        match self {
            Figurine::King => "king",
            Figurine::Queen => "queen",
            Figurine::Rook => "rook",
            Figurine::Bishop => "bishop",
            Figurine::Knight => "knight",
            Figurine::Pawn => "pawn",
            Figurine::Arrow => "arrow",
            Figurine::Man => "man",
            Figurine::CrownedMan => "crowned-man",
        }
    }
}

impl Program {
    /// Each kind's figurine and whether it is a promoted one, or the kinds that have none.
    pub fn figurines(&self) -> Result<Vec<(Figurine, bool)>, Vec<String>> {
        let men = self.kinds.iter().any(|k| k == "man");
        let mut found = Vec::new();
        let mut missing = Vec::new();
        for kind in &self.kinds {
            let (name, promoted) = match kind.strip_prefix("promoted-") {
                Some(base) => (base, true),
                None => (kind.as_str(), false),
            };
            match Figurine::named(name, men) {
                Some(f) => found.push((f, promoted)),
                None => missing.push(kind.clone()),
            }
        }
        match missing.is_empty() {
            true => Ok(found),
            false => Err(missing),
        }
    }
}

//! "Did you mean ...?" for unknown names.

/// The known name closest to `wanted`, if it is close enough to be a likely typo.
pub fn closest<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = wanted.chars().count();
    let limit = if len <= 3 { 1 } else { (len / 3).max(2) };
    known
        .into_iter()
        .map(|k| (distance(&wanted.to_lowercase(), &k.to_lowercase()), k))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// Levenshtein distance.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb {
                prev
            } else {
                1 + prev.min(row[j]).min(row[j + 1])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_typos() {
        assert_eq!(
            closest("orthogonl", ["orthogonal", "diagonal"]),
            Some("orthogonal")
        );
        assert_eq!(closest("blak", ["black", "white"]), Some("black"));
        assert_eq!(closest("zzz", ["black", "white"]), None);
    }
}

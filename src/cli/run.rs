//! `ply run`: answer every case of an input as the rules file's output section says.

use std::path::Path;

use super::load::load_with_input;
use super::options::{Format, Limits};
use super::positions::{Input, finish};
use super::report::Reporter;
use crate::cases::{Flow, each_case};
use crate::render::output;

pub fn run(rep: &Reporter, rules_path: &Path, input: Option<&Path>, limits: Limits) -> i32 {
    let rules = match load_with_input(rep, "run", rules_path, input) {
        Ok(r) => r,
        Err(code) => return code,
    };
    if rules.program.output.is_none() {
        let name = super::load::display(rules_path);
        let msg = format!(
            "{name}: the rules file has no output section, so `ply run` has nothing to print: it plays a whole game from its `setup` (ply moves, ply perft, ply playout)"
        );
        rep.error(crate::diagnostic::Kind::Usage, Some(&name), &msg);
        return super::options::exit::USAGE;
    }
    let mut input = match Input::open(rep, input) {
        Ok(i) => i,
        Err(code) => return code,
    };
    let mut stdout = std::io::stdout().lock();
    let result = match rep.format {
        Format::Text => crate::cases::run_cases(
            &rules.program,
            &mut input.source,
            &mut stdout,
            limits.budget(),
        ),
        Format::Json => {
            let mut lines = output::Lines::default();
            let mut text = Vec::new();
            each_case(
                &rules.program,
                &mut input.source,
                &mut stdout,
                limits.budget(),
                |runner, pos, case, out| {
                    text.clear();
                    output::write_case(runner, pos, case - 1, &mut lines, &mut text)?;
                    crate::render::json::case_lines(case, &text, out);
                    Ok(Flow::Continue)
                },
            )
        }
    };
    finish(rep, &input.name, result)
}

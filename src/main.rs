fn main() {
    std::process::exit(ply::cli::main());
}

//! The committed generated tables equal what the generator writes from the pinned CLDR data
//! (the `ensure_file_contents` pattern). The README's test command installs the data first
//! (`npm ci --prefix tools/cldr`, `tools/iso-codes/fetch`), so on CI this test never skips.

#[test]
fn cldr_tables_are_fresh() {
    let root = xtask::workspace_root();
    let dir = root.join("tools/cldr/node_modules");
    let iso = root.join(xtask::cldr::ISO_CODES);
    if !dir.join("cldr-core").exists() || !iso.join("databases").exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the CLDR or iso-codes data is missing on CI: run `npm ci --prefix tools/cldr` and `tools/iso-codes/fetch` before the tests"
        );
        eprintln!("SKIPPED cldr_tables_are_fresh: data absent; run `npm ci --prefix tools/cldr` and `tools/iso-codes/fetch` to check it");
        return;
    }
    let files = xtask::cldr::generate(&dir, &iso).expect("the generator runs on the pinned data");
    let mut stale = Vec::new();
    for file in files {
        let path = root.join(file.path);
        let committed = std::fs::read_to_string(&path).unwrap_or_default().replace("\r\n", "\n");
        if committed != file.text {
            stale.push(file.path);
            if std::env::var_os("CI").is_none() {
                std::fs::write(&path, &file.text).expect("write the regenerated table");
            }
        }
    }
    assert!(
        stale.is_empty(),
        "generated tables were stale: {stale:?}; run `cargo xtask cldr` and commit the result (locally they were rewritten)"
    );
}

//! The C header's documentation and attributes, read from `include/parlor.h`:
//! - every function returning a `ParlorStatus` is declared `PARLOR_MUST_USE` (its Rust side
//!   carries `#[must_use]`, which cbindgen turns into the marker);
//! - every status-returning function is documented in Doxygen form: `@brief`, `@return`, one
//!   `@retval PARLOR_…` per status it can return (`PARLOR_OK` among them), no rustdoc-only
//!   markup (`# Safety` headings, ``[`x`]`` links);
//! - Doxygen (`docs/Doxyfile`) renders the header without a warning. Doxygen is an outside tool:
//!   absent, that test skips with one line, except under CI ([`parlor_conformance::tools`]).
//!
//! Items defined in the files of [`PENDING`] (the per-game round/match functions, being replaced
//! by one generic set) are not held to the form yet; each check prints how many it let pass.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use parlor_conformance::tools;

/// Files of `ffi/src` whose items are not yet in Doxygen form nor `#[must_use]`: the per-game
/// round/match functions, which the generic C round/match set replaces. Remove a file here when
/// it is converted or deleted (the checks fail while a listed file no longer exists).
const PENDING: &[&str] = &[];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn header() -> String {
    std::fs::read_to_string(root().join("include/parlor.h")).expect("read include/parlor.h")
}

/// Every `ffi/src/*.rs` file: (file name, text).
fn ffi_sources() -> Vec<(String, String)> {
    let dir = root().join("ffi/src");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("read ffi/src")
        .map(|entry| entry.expect("ffi/src entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .map(|path| {
            let name = path.file_name().expect("file name").to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).expect("read an ffi source");
            (name, text)
        })
        .collect();
    files.sort();
    files
}

/// The `ffi/src` file that defines the C item `name` (a function, struct, type or constant).
fn defining_file<'a>(sources: &'a [(String, String)], name: &str) -> Option<&'a str> {
    let forms = [
        format!("fn {name}("),
        format!("struct {name} "),
        format!("type {name} "),
        format!("const {name}:"),
    ];
    sources
        .iter()
        .find(|(_, text)| forms.iter().any(|form| text.contains(form.as_str())))
        .map(|(file, _)| file.as_str())
}

fn is_pending(sources: &[(String, String)], name: &str) -> bool {
    defining_file(sources, name).is_some_and(|file| PENDING.contains(&file))
}

#[test]
fn every_pending_file_still_exists() {
    let sources = ffi_sources();
    for file in PENDING {
        assert!(
            sources.iter().any(|(name, _)| name == file),
            "ffi/src/{file} is gone: remove it from PENDING in tests/tests/header_docs.rs"
        );
    }
}

fn is_identifier_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// One function declaration of the header: its name, the text from the first line of the
/// declaration to its `;` (lines joined), and its doc comment (the `/** … */` right above).
#[derive(Debug)]
struct Declaration {
    name: String,
    text: String,
    doc: String,
}

/// The function declarations of a header (cbindgen's layout: a doc comment, then a declaration
/// starting in column 0, possibly over several lines, ending with `;`).
fn function_declarations(header: &str) -> Vec<Declaration> {
    let lines: Vec<&str> = header.lines().collect();
    let mut out = Vec::new();
    let mut index = 0;
    while let Some(line) = lines.get(index) {
        let starts_declaration = line.starts_with(|c: char| c.is_ascii_alphabetic()) && line.contains("parlor_");
        if !starts_declaration {
            index += 1;
            continue;
        }
        // cbindgen puts the marker on a line of its own above a long declaration.
        let marker_line = index > 0 && lines.get(index - 1).is_some_and(|l| l.trim() == "PARLOR_MUST_USE");
        let first = if marker_line { index - 1 } else { index };
        let mut text = String::new();
        let mut end = first;
        while let Some(part) = lines.get(end) {
            text.push_str(part.trim());
            text.push(' ');
            end += 1;
            if part.contains(';') {
                break;
            }
        }
        let name = text.find("parlor_").and_then(|start| {
            let rest = &text[start..];
            let len = rest.find(|c: char| !is_identifier_char(c)).unwrap_or(rest.len());
            rest[len..].starts_with('(').then(|| rest[..len].to_owned())
        });
        if let Some(name) = name {
            let mut doc_start = first;
            if first > 0 && lines.get(first - 1).is_some_and(|l| l.trim() == "*/") {
                while doc_start > 0 && !lines.get(doc_start).is_some_and(|l| l.trim_start().starts_with("/**")) {
                    doc_start -= 1;
                }
            }
            let doc = lines[doc_start..first].join("\n");
            out.push(Declaration { name, text, doc });
        }
        index = end.max(index + 1);
    }
    out
}

fn returns_status(declaration: &Declaration) -> bool {
    let before = declaration.text.split(&declaration.name).next().unwrap_or("");
    before.split_whitespace().any(|word| word == "ParlorStatus")
}

#[test]
fn every_status_returning_function_is_declared_must_use() {
    let header = header();
    let sources = ffi_sources();
    let declarations = function_declarations(&header);
    assert!(
        declarations.len() >= 70,
        "only {} declarations found",
        declarations.len()
    );
    let status: Vec<&Declaration> = declarations.iter().filter(|d| returns_status(d)).collect();
    assert!(
        status.iter().any(|d| d.name == "parlor_tichu_card_points"),
        "the scan misses parlor_tichu_card_points"
    );
    assert!(
        !status.iter().any(|d| d.name == "parlor_status_str"),
        "parlor_status_str returns a text"
    );
    let (pending, checked): (Vec<&&Declaration>, Vec<&&Declaration>) =
        status.iter().partition(|d| is_pending(&sources, &d.name));
    let missing: Vec<&str> = checked
        .iter()
        .filter(|d| !d.text.starts_with("PARLOR_MUST_USE "))
        .map(|d| d.name.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "status-returning functions not declared PARLOR_MUST_USE (add #[must_use] in ffi/src): {missing:?}"
    );
    assert!(checked.len() >= 34, "only {} functions checked", checked.len());
    eprintln!(
        "{} status-returning functions are PARLOR_MUST_USE; {} in PENDING files not checked",
        checked.len(),
        pending.len()
    );
}

/// What is wrong with the Doxygen form of a status-returning function's doc comment.
fn doc_form_problems(declaration: &Declaration) -> Vec<String> {
    let doc = &declaration.doc;
    let mut problems = Vec::new();
    for required in ["@brief ", "@return ", "@retval PARLOR_OK "] {
        if !doc.contains(required) {
            problems.push(format!("no `{}`", required.trim()));
        }
    }
    for forbidden in ["# Safety", "[`", "Errors:"] {
        if doc.contains(forbidden) {
            problems.push(format!("rustdoc-style `{forbidden}`"));
        }
    }
    // Every parameter has a direction: `@param[in]`, `@param[out]` or `@param[in,out]`.
    if doc.contains("@param ") {
        problems.push("a `@param` without [in]/[out]".to_owned());
    }
    problems
}

/// The game of a `parlor_<game>_…` function or a `PARLOR_<GAME>_ERR_…` code, lower case.
fn game_of(name: &str) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    ["dominoes", "tichu", "doudizhu", "mahjong"]
        .into_iter()
        .find(|game| lower.starts_with(&format!("parlor_{game}_")))
        .map(str::to_owned)
}

/// What is wrong with the `@retval` codes of a doc comment: a name the header does not define
/// (`defines`), or another game's code.
fn retval_problems(declaration: &Declaration, defines: &BTreeSet<&str>) -> Vec<String> {
    let mut problems = Vec::new();
    for line in declaration.doc.lines() {
        let Some(code) = line
            .split("@retval ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
        else {
            continue;
        };
        if !defines.contains(code) {
            problems.push(format!("`@retval {code}`: no such code"));
        } else if code.contains("_ERR_") && game_of(code).is_some() && game_of(code) != game_of(&declaration.name) {
            problems.push(format!("`@retval {code}`: another game's code"));
        }
    }
    problems
}

/// The names of the header's `#define`s.
fn defines(header: &str) -> BTreeSet<&str> {
    header
        .lines()
        .filter_map(|line| line.strip_prefix("#define "))
        .filter_map(|rest| rest.split_whitespace().next())
        .collect()
}

#[test]
fn every_status_returning_function_is_documented_in_doxygen_form() {
    let header = header();
    let sources = ffi_sources();
    let defined = defines(&header);
    assert!(defined.contains("PARLOR_OK") && defined.contains("PARLOR_TICHU_ERR_INVALID_MASK"));
    let mut wrong = BTreeMap::new();
    let mut pending = 0;
    let mut checked = 0;
    for declaration in function_declarations(&header).iter().filter(|d| returns_status(d)) {
        if is_pending(&sources, &declaration.name) {
            pending += 1;
            continue;
        }
        checked += 1;
        let mut problems = doc_form_problems(declaration);
        problems.extend(retval_problems(declaration, &defined));
        if !problems.is_empty() {
            wrong.insert(declaration.name.clone(), problems);
        }
    }
    assert!(
        wrong.is_empty(),
        "not in Doxygen form (see tests/tests/header_docs.rs): {wrong:#?}"
    );
    eprintln!("{checked} functions in Doxygen form; {pending} in PENDING files not checked");
}

#[test]
fn the_form_check_reads_a_doc_comment() {
    let header = "/**\n * @brief Parses.\n *\n * @param[in] x The x.\n * @return A status.\n * @retval PARLOR_OK Parsed.\n */\nPARLOR_MUST_USE\nParlorStatus parlor_a(int x,\n    int y);\n/**\n * Old.\n *\n * # Safety\n * See [`parlor_a`].\n */\nParlorStatus parlor_b(int x);\nconst char *parlor_c(void);\n";
    let declarations = function_declarations(header);
    let names: Vec<&str> = declarations.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["parlor_a", "parlor_b", "parlor_c"]);
    assert_eq!(
        declarations[0].text,
        "PARLOR_MUST_USE ParlorStatus parlor_a(int x, int y); "
    );
    assert!(returns_status(&declarations[0]) && returns_status(&declarations[1]));
    assert!(!returns_status(&declarations[2]));
    assert_eq!(doc_form_problems(&declarations[0]), Vec::<String>::new());
    let defined = defines("#define PARLOR_OK 0\n#define PARLOR_TICHU_ERR_X 200\n#define PARLOR_ERR_Y 1\n");
    let mut tichu = function_declarations(
        "/**\n * @retval PARLOR_OK Done.\n * @retval PARLOR_ERR_Y Y.\n * @retval PARLOR_TICHU_ERR_X X.\n * @retval PARLOR_ERR_Z Z.\n */\nParlorStatus parlor_tichu_a(void);\n",
    );
    assert_eq!(
        retval_problems(&tichu[0], &defined),
        ["`@retval PARLOR_ERR_Z`: no such code"]
    );
    tichu[0].name = "parlor_mahjong_a".to_owned();
    assert_eq!(
        retval_problems(&tichu[0], &defined),
        [
            "`@retval PARLOR_TICHU_ERR_X`: another game's code",
            "`@retval PARLOR_ERR_Z`: no such code"
        ]
    );
    assert_eq!(
        doc_form_problems(&declarations[1]),
        [
            "no `@brief`",
            "no `@return`",
            "no `@retval PARLOR_OK`",
            "rustdoc-style `# Safety`",
            "rustdoc-style `[``"
        ]
    );
}

/// One Doxygen warning: the header line it points at and its text (continuation lines joined).
#[derive(Debug, PartialEq, Eq)]
struct Warning {
    line: usize,
    text: String,
}

/// Doxygen's warning log: `path:line: warning: text`, continuation lines indented.
fn parse_warnings(log: &str) -> Vec<Warning> {
    let mut out: Vec<Warning> = Vec::new();
    for line in log.lines() {
        let located = line.split_once(": warning: ").or_else(|| line.split_once(": error: "));
        match located {
            Some((place, text)) => {
                let number = place.rsplit(':').next().and_then(|n| n.parse().ok()).unwrap_or(0);
                out.push(Warning {
                    line: number,
                    text: text.to_owned(),
                });
            }
            None => match out.last_mut() {
                Some(last) if !line.trim().is_empty() => {
                    last.text.push(' ');
                    last.text.push_str(line.trim());
                }
                Some(_) => {}
                None if !line.trim().is_empty() => out.push(Warning {
                    line: 0,
                    text: line.to_owned(),
                }),
                None => {}
            },
        }
    }
    out
}

/// The first `parlor_…`/`Parlor…`/`PARLOR_…` identifier in `text` after `marker`.
fn identifier_after<'a>(text: &'a str, marker: &str) -> Option<&'a str> {
    let start = text.find(marker)? + marker.len();
    let rest = &text[start..];
    let len = rest.find(|c: char| !is_identifier_char(c)).unwrap_or(rest.len());
    let name = &rest[..len];
    name.to_ascii_lowercase().starts_with("parlor").then_some(name)
}

/// The header item a warning is about: the function its text names, else the item declared
/// at or after its line (a struct member's struct).
fn warned_item(header: &[&str], warning: &Warning) -> Option<String> {
    for marker in ["member ", "parameter of ", "parameters of "] {
        if let Some(name) = identifier_after(&warning.text, marker) {
            return Some(name.to_owned());
        }
    }
    let from = warning.line.checked_sub(1)?;
    let declaration_index = (from..header.len()).find(|&i| {
        let line = header[i].trim();
        !(line.is_empty()
            || line.starts_with('*')
            || line.starts_with("/*")
            || line.starts_with("#if")
            || line.starts_with("#e")
            || line.starts_with("#include"))
    })?;
    let line = header[declaration_index];
    if let Some(name) = identifier_after(line, "#define ") {
        return Some(name.to_owned());
    }
    if let Some(start) = line.find("parlor_") {
        let rest = &line[start..];
        let len = rest.find(|c: char| !is_identifier_char(c)).unwrap_or(rest.len());
        return Some(rest[..len].to_owned());
    }
    if line.starts_with(' ') {
        // A struct member: the struct that opens last above it.
        let opening = header[..declaration_index]
            .iter()
            .rev()
            .find(|l| l.starts_with("typedef struct ") || l.starts_with("struct "))?;
        return identifier_after(opening, "struct ").map(str::to_owned);
    }
    identifier_after(line, "struct ").map(str::to_owned)
}

#[test]
fn warnings_are_traced_to_their_item() {
    let log = "/r/include/parlor.h:9: warning: The following parameter of parlor_a(int x) is not documented:\n  parameter 'x'\n/r/include/parlor.h:4: warning: explicit link request to 'NOPE' could not be resolved\n/r/include/parlor.h:12: warning: unknown command '\\foo'\n";
    let warnings = parse_warnings(log);
    assert_eq!(
        warnings,
        [
            Warning {
                line: 9,
                text: "The following parameter of parlor_a(int x) is not documented: parameter 'x'".to_owned()
            },
            Warning {
                line: 4,
                text: "explicit link request to 'NOPE' could not be resolved".to_owned()
            },
            Warning {
                line: 12,
                text: "unknown command '\\foo'".to_owned()
            },
        ]
    );
    let header = "#if defined(X)\n/**\n * @brief A.\n * See #NOPE.\n */\n#define PARLOR_A 1\n#endif\ntypedef struct ParlorB {\n  /**\n   * \\foo\n   */\n  uint8_t x;\n} ParlorB;\n";
    let lines: Vec<&str> = header.lines().collect();
    let items: Vec<Option<String>> = warnings.iter().map(|w| warned_item(&lines, w)).collect();
    assert_eq!(
        items,
        [
            Some("parlor_a".to_owned()),
            Some("PARLOR_A".to_owned()),
            Some("ParlorB".to_owned())
        ]
    );
}

#[test]
fn doxygen_renders_the_header_without_a_warning() {
    let Some(doxygen) = tools::available("Doxygen renders include/parlor.h", tools::doxygen()) else {
        return;
    };
    let root = root();
    let out = root.join("target/doxygen");
    std::fs::create_dir_all(&out).expect("create target/doxygen");
    let log = out.join("warnings.log");
    let _ = std::fs::remove_file(&log);
    // docs/Doxyfile as is, but collecting every warning instead of stopping at the first.
    let mut config = std::fs::read_to_string(root.join("docs/Doxyfile")).expect("read docs/Doxyfile");
    config.push_str(&format!("\nWARN_AS_ERROR = NO\nWARN_LOGFILE = {}\n", log.display()));
    let mut child = Command::new(&doxygen)
        .arg("-")
        .current_dir(&root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start doxygen");
    child
        .stdin
        .take()
        .expect("doxygen's stdin")
        .write_all(config.as_bytes())
        .expect("write the configuration to doxygen");
    let output = child.wait_with_output().expect("wait for doxygen");
    assert!(
        output.status.success(),
        "doxygen failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        out.join("html/parlor_8h.html").is_file(),
        "doxygen wrote no page for parlor.h"
    );
    let header = header();
    let lines: Vec<&str> = header.lines().collect();
    let sources = ffi_sources();
    let warnings = parse_warnings(&std::fs::read_to_string(&log).unwrap_or_default());
    let (pending, failing): (Vec<&Warning>, Vec<&Warning>) = warnings
        .iter()
        .partition(|warning| warned_item(&lines, warning).is_some_and(|item| is_pending(&sources, &item)));
    let shown: Vec<String> = failing
        .iter()
        .map(|w| format!("include/parlor.h:{}: {}", w.line, w.text))
        .collect();
    assert!(
        failing.is_empty(),
        "Doxygen warns {} times about include/parlor.h (docs/Doxyfile):\n{}",
        failing.len(),
        shown.join("\n")
    );
    eprintln!(
        "doxygen: 0 warnings; {} more about items of PENDING files ({})",
        pending.len(),
        PENDING.join(", ")
    );
}

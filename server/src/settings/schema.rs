//! The JSON Schema of `retroboard.toml` (`schemas/retroboard.schema.json`, which the VS Code
//! extension gives Even Better TOML and a `#:schema` line gives other editors): made from the
//! types the settings are read into (`RawSettings` and the types of its fields, their doc
//! comments the descriptions) and, for what those types leave open, from the registries the
//! reader checks against: every code with its summary, the levels, the format ids, the keys of
//! a `[[suppress]]` entry. The tests hold the committed file to what the code makes
//! (`UPDATE_EXPECT=1` rewrites it) and check, with a JSON Schema validator, that it flags what
//! the reader refuses and passes every settings file the documentation shows.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Value, json};

use super::complete::LEVELS;
use super::{CONFIG, SUPPRESS_KEYS};
use crate::registry::FormatId;

/// The schema of a settings file, as committed.
pub(super) fn schema() -> Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    generator
        .into_root_schema_for::<super::RawSettings>()
        .to_value()
}

/// A string that is one of `values`, each with its description: as `enum` with VS Code's
/// `enumDescriptions` and Even Better TOML's `x-taplo` docs beside it.
fn one_of(values: &[(&str, String)]) -> Schema {
    let names: Vec<&str> = values.iter().map(|(name, _)| *name).collect();
    let docs: Vec<&str> = values.iter().map(|(_, doc)| doc.as_str()).collect();
    Schema::try_from(json!({
        "type": "string",
        "enum": names,
        "enumDescriptions": docs,
        "x-taplo": {"docs": {"enumValues": docs}},
    }))
    .expect("an object is a schema")
}

/// What a rule may set a code to.
pub(super) struct LevelName;

impl JsonSchema for LevelName {
    fn schema_name() -> Cow<'static, str> {
        "level".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let levels: Vec<(&str, String)> = LEVELS
            .iter()
            .map(|(name, doc)| (*name, doc.to_string()))
            .collect();
        let mut schema = one_of(&levels);
        schema.insert(
            "description".into(),
            "error, warning, information, hint, or off (not reported)".into(),
        );
        schema
    }
}

/// A format id, as `[files]` names the format of a glob's files.
pub(super) struct FormatName;

impl JsonSchema for FormatName {
    fn schema_name() -> Cow<'static, str> {
        "format".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let formats: Vec<(&str, String)> = FormatId::ALL
            .iter()
            .map(|f| (f.as_str(), f.title().to_string()))
            .collect();
        let mut schema = one_of(&formats);
        schema.insert(
            "description".into(),
            "The format the files of this glob are read as".into(),
        );
        schema
    }
}

/// `[game] colossus`: the versions the setting takes, each with what it means.
pub(super) fn colossus_version(_: &mut SchemaGenerator) -> Schema {
    versions(&super::COLOSSUS_VERSIONS)
}

/// `[game] peg`: the games the setting names, each with what it means.
pub(super) fn peg_version(_: &mut SchemaGenerator) -> Schema {
    versions(&super::PEG_VERSIONS)
}

fn versions<T>(versions: &[(&str, Option<T>, &str)]) -> Schema {
    let values: Vec<(&str, String)> = versions
        .iter()
        .map(|(name, _, doc)| (*name, doc.to_string()))
        .collect();
    one_of(&values)
}

/// A code's description: its summary and the level it has unless a rule says otherwise.
fn described(code: &crate::findings::Code) -> String {
    format!(
        "{} ({} unless a rule sets it)",
        code.summary,
        code.severity.as_str()
    )
}

/// `[rules]` and an override's `rules`: every code a rule may name (all but the settings
/// file's own), each a level.
pub(super) fn rules(generator: &mut SchemaGenerator) -> Schema {
    let level = generator.subschema_for::<LevelName>();
    let properties: serde_json::Map<String, Value> = crate::formats::all_codes()
        .into_iter()
        .filter(|code| code.name != CONFIG)
        .map(|code| {
            let mut property = level.clone();
            property.insert("description".into(), described(code).into());
            (code.name.to_string(), property.to_value())
        })
        .collect();
    Schema::try_from(json!({
        "type": "object",
        "properties": properties,
        "additionalProperties": false,
    }))
    .expect("an object is a schema")
}

/// `[[suppress]]`: entries of the four keys, each required; the code one a `[[suppress]]` entry
/// can silence (none of Retroboard's own).
pub(super) fn suppress(_: &mut SchemaGenerator) -> Schema {
    let codes: Vec<(&str, String)> = crate::formats::all_codes()
        .into_iter()
        .filter(|code| !code.name.starts_with("retroboard/"))
        .map(|code| (code.name, described(code)))
        .collect();
    let mut properties = serde_json::Map::new();
    for (key, doc) in SUPPRESS_KEYS {
        let mut property = match key {
            "code" => one_of(&codes),
            _ => Schema::try_from(json!({"type": "string"})).expect("an object is a schema"),
        };
        let doc = match key {
            "place" => format!(
                "{doc}: file, line-text:TEXT, name, header, pile:N, line:N, board, square:D4, \
cell:ROW:COL, or a Crossmines header field such as large-grid-size-x"
            ),
            _ => doc.to_string(),
        };
        property.insert("description".into(), doc.into());
        properties.insert(key.to_string(), property.to_value());
    }
    Schema::try_from(json!({
        "type": "array",
        "items": {
            "type": "object",
            "properties": properties,
            "required": SUPPRESS_KEYS.iter().map(|(key, _)| *key).collect::<Vec<_>>(),
            "additionalProperties": false,
        },
    }))
    .expect("an object is a schema")
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use serde_json::Value;

    fn repository() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    fn committed_path() -> PathBuf {
        repository().join("schemas/retroboard.schema.json")
    }

    /// The committed schema, compiled by a JSON Schema validator.
    fn validator() -> jsonschema::Validator {
        let text = std::fs::read_to_string(committed_path()).expect("the committed schema");
        let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
        jsonschema::draft7::new(&schema).expect("the schema is a valid draft-07 schema")
    }

    /// A settings file's TOML as the JSON a schema validator reads.
    fn json_of(toml_text: &str) -> Value {
        let table: toml::Table = toml::from_str(toml_text).expect("TOML");
        serde_json::to_value(table).expect("TOML is JSON")
    }

    /// What the schema says of a settings file: its errors, empty when it validates.
    fn errors(toml_text: &str) -> Vec<String> {
        let instance = json_of(toml_text);
        validator()
            .iter_errors(&instance)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect()
    }

    /// Whether the reader takes the settings without a problem.
    fn reads(toml_text: &str) -> bool {
        let settings = super::super::Settings::parse(Path::new("/p/retroboard.toml"), toml_text);
        settings.problem.is_none() && settings.entry_problems.is_empty()
    }

    /// The committed schema is the one the settings types make: a field added to them (or a
    /// code, a format) changes it, and this fails until it is made again with
    /// `UPDATE_EXPECT=1 cargo test -p retroboard --lib settings::schema`.
    #[test]
    fn the_committed_schema_is_the_one_the_settings_types_make() {
        let made = serde_json::to_string_pretty(&super::schema()).unwrap() + "\n";
        let path = committed_path();
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &made).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == made,
            "{} is not what the settings types make: run UPDATE_EXPECT=1 cargo test -p retroboard --lib settings::schema",
            path.display()
        );
    }

    #[test]
    fn every_code_level_and_format_is_an_enum_with_descriptions() {
        let schema = super::schema();
        let defs = &schema["definitions"];
        let rules = &schema["properties"]["rules"]["properties"];
        let codes = rules.as_object().unwrap();
        // Every code but the settings file's own, each described by its summary.
        assert_eq!(codes.len(), crate::formats::all_codes().len() - 1);
        let tower = &rules["colossus/missing-tower"];
        assert_eq!(tower["allOf"][0]["$ref"], "#/definitions/level");
        assert!(
            tower["description"]
                .as_str()
                .unwrap()
                .ends_with("(error unless a rule sets it)"),
            "{tower}"
        );
        assert_eq!(
            defs["level"]["enum"],
            serde_json::json!(["error", "warning", "information", "hint", "off"])
        );
        assert_eq!(
            defs["level"]["enumDescriptions"].as_array().unwrap().len(),
            5
        );
        assert_eq!(
            defs["format"]["enum"].as_array().unwrap().len(),
            crate::registry::FormatId::ALL.len()
        );
        assert_eq!(defs["format"]["enumDescriptions"][0], "Crossmines pattern");
        let suppress_code = &schema["properties"]["suppress"]["items"]["properties"]["code"];
        assert_eq!(
            suppress_code["enum"].as_array().unwrap().len(),
            suppress_code["enumDescriptions"].as_array().unwrap().len()
        );
        assert!(
            !suppress_code["enum"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c.as_str().unwrap().starts_with("retroboard/"))
        );
    }

    /// What the reader refuses, the schema flags, and where.
    #[test]
    fn the_schema_flags_what_the_settings_reader_refuses() {
        // What is wrong, the settings file, where the schema says so and what it says.
        let cases = [
            (
                "an unknown key",
                "[rule]\n\"colossus/missing-tower\" = \"off\"\n",
                "",
                "'rule' was unexpected",
            ),
            (
                "a bad level",
                "[rules]\n\"colossus/missing-tower\" = \"fatal\"\n",
                "/rules/colossus~1missing-tower",
                "\"fatal\" is not one of",
            ),
            (
                "an unknown code",
                "[rules]\n\"colossus/missing-towers\" = \"off\"\n",
                "/rules",
                "'colossus/missing-towers' was unexpected",
            ),
            (
                "the settings file's own code",
                "[rules]\n\"retroboard/config\" = \"off\"\n",
                "/rules",
                "'retroboard/config' was unexpected",
            ),
            (
                "a Colossus version the game never had",
                "[game]\ncolossus = \"2004\"\n",
                "/game/colossus",
                "\"2004\" is not one of",
            ),
            (
                "an unknown key in [game]",
                "[game]\nothello = \"1996\"\n",
                "/game",
                "'othello' was unexpected",
            ),
            (
                "a bad level in an override",
                "[[overrides]]\nfiles = [\"a/**\"]\nrules = { \"peg/unsolvable\" = \"loud\" }\n",
                "/overrides/0/rules/peg~1unsolvable",
                "\"loud\" is not one of",
            ),
            (
                "an override without files",
                "[[overrides]]\nrules = {}\n",
                "/overrides/0",
                "\"files\" is a required property",
            ),
            (
                "an unknown key in an override",
                "[[overrides]]\nfiles = []\nfile = \"x\"\n",
                "/overrides/0",
                "'file' was unexpected",
            ),
            (
                "an unknown format",
                "[files]\n\"*.pat\" = \"patience\"\n",
                "/files/*.pat",
                "\"patience\" is not one of",
            ),
            (
                "a suppress entry without its reason",
                "[[suppress]]\nfile = \"a.pat\"\ncode = \"patience/file-name\"\nplace = \"file\"\n",
                "/suppress/0",
                "\"reason\" is a required property",
            ),
            (
                "a suppress entry of Retroboard's own code",
                "[[suppress]]\nfile = \"a.pat\"\ncode = \"retroboard/too-large\"\nplace = \"file\"\n\
reason = \"r\"\n",
                "/suppress/0/code",
                "\"retroboard/too-large\" is not one of",
            ),
            (
                "an unknown key in a suppress entry",
                "[[suppress]]\nfile = \"a.pat\"\ncode = \"patience/file-name\"\nplace = \"file\"\n\
reason = \"r\"\nwhy = \"r\"\n",
                "/suppress/0",
                "'why' was unexpected",
            ),
        ];
        let mut wrong = Vec::new();
        for (what, text, at, says) in cases {
            assert!(!reads(text), "the reader takes {what}");
            let errors = errors(text);
            if !errors
                .iter()
                .any(|e| e.contains(says) && e.ends_with(&format!(" at {at}")))
            {
                wrong.push(format!("{what}: {errors:?}"));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        // And what it takes, the schema passes.
        let good = "[rules]\n\"colossus/missing-tower\" = \"off\"\n\n[[overrides]]\nfiles = [\"a/**\"]\n\
rules = { \"peg/unsolvable\" = \"hint\" }\n\n[files]\ninclude = [\"**/*.pat\"]\nexclude = []\n\
\"x/*.pat\" = \"crossmines-pattern\"\n\n[[suppress]]\nfile = \"a.pat\"\ncode = \"patience/file-name\"\n\
place = \"file\"\nreason = \"r\"\n";
        assert!(reads(good));
        assert_eq!(errors(good), Vec::<String>::new());
    }

    /// The settings files the documentation shows (every `toml` block of the README,
    /// docs/settings.md and the settings module's own docs) read without a problem and validate.
    #[test]
    fn every_settings_file_the_docs_show_validates() {
        let mut blocks = Vec::new();
        for file in ["README.md", "docs/settings.md", "server/src/settings.rs"] {
            let text = std::fs::read_to_string(repository().join(file)).unwrap();
            let mut block: Option<String> = None;
            for line in text.lines() {
                // The module docs' lines start with `//! `.
                let line = line
                    .strip_prefix("//!")
                    .map_or(line, |l| l.strip_prefix(' ').unwrap_or(l));
                match &mut block {
                    None if line.trim() == "```toml" => block = Some(String::new()),
                    Some(b) if line.trim() == "```" => {
                        blocks.push((file, std::mem::take(b)));
                        block = None;
                    }
                    Some(b) => {
                        b.push_str(line);
                        b.push('\n');
                    }
                    None => {}
                }
            }
        }
        assert!(blocks.len() >= 4, "{blocks:?}");
        for (file, block) in blocks {
            assert!(
                reads(&block),
                "the reader refuses a block of {file}:\n{block}"
            );
            assert_eq!(errors(&block), Vec::<String>::new(), "{file}:\n{block}");
        }
    }
}

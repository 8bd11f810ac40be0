//! Completion in a variant's files: what each field of a line can hold, from the variant's other
//! files (the CRE's creatures in a TER, the TER's terrains in a MAP, the files of the variant
//! folders in a VAR), each item explained in hover's words.

use std::path::{Path, PathBuf};

use super::colors::COLORS;
use super::cre::FLAGS;
use super::dialect::{self, Dialect};
use super::hover::{self, Context};
use super::map::MapView;
use super::ter::PSEUDO_CREATURES;
use super::variant::{self, Variant};
use crate::answers::{Completion, CompletionKind};
use crate::formats::Files;
use crate::registry::FormatId;
use crate::syntax::Document;
use crate::syntax::LineWords;

pub fn completions(doc: &Document, offset: usize, files: &dyn Files) -> Vec<Completion> {
    let Some(format) = doc.format() else {
        return Vec::new();
    };
    let line = LineWords::at(doc, offset, |c| matches!(c, ' ' | '\t'));
    let before = line
        .text
        .get(..offset.saturating_sub(line.start))
        .unwrap_or("");
    if before.contains('#') {
        return Vec::new(); // in a comment
    }
    // The variant is looked up only for the files whose values come from its other files.
    let mut items = match format {
        FormatId::ColossusTer => ter(&Context::new(doc, files), offset, &line),
        FormatId::ColossusMap => map(&Context::new(doc, files), doc, &line),
        FormatId::ColossusCre => cre(doc, &line),
        FormatId::ColossusVar => var(&Context::new(doc, files), doc, offset, &line, files),
        FormatId::ColossusBattleland => battleland(dialect::of_doc(doc, files).dialect, &line),
        _ => Vec::new(),
    };
    for (rank, item) in items.iter_mut().enumerate() {
        item.sort = Some(format!("{rank:04}"));
    }
    items
}

/// The first sentence of hover Markdown after its bold heading, as plain words for an item's
/// detail: `**Exit type ARCH**: the symbol …; …` gives `the symbol …`.
fn gist(markdown: &str) -> String {
    let first = markdown.split("\n\n").next().unwrap_or(markdown);
    let after = match first.rfind("**") {
        Some(i) => {
            let after = &first[i + 2..];
            // The value the heading names (`**Recruiters needed** -1: …`) is left out too.
            match after.find(": ").filter(|at| *at < 16) {
                Some(at) => &after[at + 2..],
                None => after.trim_start(),
            }
        }
        None => first,
    };
    let after = if after.is_empty() { first } else { after };
    let end = after.find(". ").map_or(after.len(), |i| i + 1);
    after[..end]
        .trim_end_matches('.')
        .replace(['*', '`'], "")
        .trim()
        .to_string()
}

fn is_number(word: Option<&str>) -> bool {
    word.is_some_and(|w| w.parse::<i64>().is_ok())
}

// --- TER ---

fn ter(ctx: &Context, offset: usize, line: &LineWords) -> Vec<Completion> {
    let range = line.range.clone();
    let index = line.index;
    let era = ctx
        .variant
        .as_ref()
        .map_or(Dialect::Feb2002, |v| {
            dialect::of_variant(&v.dir, ctx.files()).dialect
        })
        .max(dialect::own_sign(ctx.doc()).map_or(Dialect::Feb2002, |(d, _, _)| d));
    // A TER of terrain names (2003-10): its lines have no letter, the colour comes first.
    let named = era == Dialect::Oct2003 || ctx.ter().is_some_and(|(ter, _)| ter.named());
    if index == 0 {
        let mut items = vec![
            Completion::new("ACQUIRABLE", CompletionKind::Keyword, range.clone())
                .detail("creatures acquired by points")
                .documentation(ACQUIRABLE_HELP),
        ];
        if era >= Dialect::Nov2002 {
            for keyword in ["TITANIMPROVE", "TITANTELEPORT"] {
                let help = hover::titan_record_help(keyword, None);
                items.push(
                    Completion::new(keyword, CompletionKind::Keyword, range.clone())
                        .detail(gist(&help))
                        .documentation(help),
                );
            }
        }
        if named {
            items.extend(colors(range));
        } else {
            items.extend(free_letters(ctx, line));
        }
        return items;
    }
    if matches!(line.word(0), Some("TITANIMPROVE" | "TITANTELEPORT")) {
        return Vec::new(); // a number of points
    }
    if line.word(0) == Some("ACQUIRABLE") {
        // points creature [terrains], repeated: a creature follows the points, terrains may
        // follow a creature.
        if is_number(line.word(index - 1)) {
            return creatures(ctx, range);
        }
        if index >= 3
            && is_number(line.word(index - 2))
            && !is_number(line.word(index - 1))
            && !is_number(line.word(index))
        {
            return acquirable_terrains(ctx, offset, line, named);
        }
        return Vec::new();
    }
    // The fields after the letter: a 2003-10 line has none, so its fields come one earlier.
    match index + usize::from(named) {
        1 => colors(range),
        2 => Vec::new(), // the terrain's name: free text
        3 => ["true", "false"]
            .iter()
            .map(|flag| {
                let help = hover::regular_help(flag);
                Completion::new(*flag, CompletionKind::Value, range.clone())
                    .detail(gist(help))
                    .documentation(help)
            })
            .collect(),
        i if i % 2 == 0 => {
            let creature = line.word(index + 1).unwrap_or("the next creature");
            let previous = (i > 4).then(|| line.word(index - 1)).flatten();
            ["-1", "0", "1", "2", "3", "4"]
                .iter()
                .map(|count| {
                    let help = hover::recruit_count(count, creature, previous);
                    Completion::new(*count, CompletionKind::Value, range.clone())
                        .detail(gist(&help))
                        .documentation(help)
                })
                .collect()
        }
        _ => creatures(ctx, range),
    }
}

const ACQUIRABLE_HELP: &str = "**ACQUIRABLE**: creatures players acquire by points, as `points name [terrains]`; the first one sets the base and is the primary acquirable.";

fn colors(range: std::ops::Range<usize>) -> Vec<Completion> {
    COLORS
        .iter()
        .map(|(name, [r, g, b])| {
            let mut item = Completion::new(*name, CompletionKind::Color, range.clone())
                .detail(format!("rgb({r}, {g}, {b})"))
                .documentation(hover::color_help(name));
            item.color = Some([*r, *g, *b]);
            item
        })
        .collect()
}

/// The terrains an acquirable may be restricted to, for the part of the list (`Desert,Tow`)
/// between the commas around the cursor: the TER's letters, or from 2003-10 its names.
fn acquirable_terrains(
    ctx: &Context,
    offset: usize,
    line: &LineWords,
    named: bool,
) -> Vec<Completion> {
    let Some((ter, _)) = ctx.ter() else {
        return Vec::new();
    };
    let word = line.range.clone();
    let text = &line.text[word.start - line.start..word.end - line.start];
    let at = offset.clamp(word.start, word.end) - word.start;
    let start = text[..at].rfind(',').map_or(0, |c| c + 1);
    let end = text[at..].find(',').map_or(text.len(), |c| at + c);
    let range = word.start + start..word.start + end;
    let mut keys: Vec<&str> = Vec::new();
    for t in ter.terrains.iter().filter(|t| t.named == named) {
        if !keys.contains(&t.key()) {
            keys.push(t.key());
        }
    }
    keys.into_iter()
        .map(|key| {
            let (detail, help) = if named {
                (
                    hover::terrain_display_name(ctx, key),
                    hover::terrain_help_named(ctx, key),
                )
            } else {
                let c = key.chars().next().unwrap_or('?');
                (
                    hover::terrain_name(ctx, Some(c)),
                    hover::terrain_help(ctx, c),
                )
            };
            Completion::new(key, CompletionKind::Terrain, range.clone())
                .detail(detail)
                .documentation(help)
        })
        .collect()
}

/// The terrain letters no line of the TER has yet.
fn free_letters(ctx: &Context, line: &LineWords) -> Vec<Completion> {
    let Some((ter, source)) = ctx.ter() else {
        return Vec::new();
    };
    // The letters of the other lines: the one being written is free to change.
    let taken: Vec<char> = ter
        .terrains
        .iter()
        .filter(|t| !(line.start..=line.start + line.text.len()).contains(&t.range.start))
        .filter_map(|t| t.letter_char())
        .collect();
    ('A'..='Z')
        .chain('a'..='z')
        .filter(|c| !taken.contains(c))
        .map(|c| {
            let why = if c == 'T' {
                "the Tower: the game needs it"
            } else {
                "a terrain letter still free"
            };
            Completion::new(c.to_string(), CompletionKind::Terrain, line.range.clone())
                .detail(why)
                .documentation(format!(
                    "**Terrain {c}**: no line of {source} has this letter yet (letters: {}).",
                    ter.letters()
                ))
        })
        .collect()
}

/// The creatures of the variant's CRE, then the pseudo-creatures of recruit chains.
fn creatures(ctx: &Context, range: std::ops::Range<usize>) -> Vec<Completion> {
    let mut items = Vec::new();
    if let Some((cre, source)) = ctx.cre() {
        for c in &cre.creatures {
            let mut traits: Vec<&str> = FLAGS
                .iter()
                .filter(|(f, _)| c.flag(f))
                .map(|(_, words)| *words)
                .collect();
            if traits.is_empty() {
                traits.push("no special abilities");
            }
            let detail = format!(
                "power {} · skill {} · {}",
                hover::show_opt(c.power.as_ref().and_then(|n| n.value)),
                hover::show_opt(c.skill.as_ref().and_then(|n| n.value)),
                traits.join(", ")
            );
            items.push(
                Completion::new(c.name.text.clone(), CompletionKind::Creature, range.clone())
                    .detail(detail)
                    .documentation(hover::creature_card(c, &source)),
            );
        }
    }
    for pseudo in PSEUDO_CREATURES {
        if items.iter().any(|i| i.label == pseudo) {
            continue; // the Titan of the CRE
        }
        let help = hover::creature_help(ctx, pseudo);
        let detail = match hover::pseudo_words(pseudo) {
            Some(words) => format!("pseudo-creature: {words}"),
            None => gist(&help),
        };
        items.push(
            Completion::new(pseudo, CompletionKind::Creature, range.clone())
                .detail(detail)
                .documentation(help),
        );
    }
    items
}

// --- MAP ---

fn map(ctx: &Context, doc: &Document, line: &LineWords) -> Vec<Completion> {
    let view = MapView::of(doc);
    let row = line.row(doc);
    let size_row = view
        .size
        .as_ref()
        .map(|s| doc.rope().byte_to_line(s.width.range.start));
    if size_row.is_none_or(|size| row <= size) {
        return Vec::new(); // the size line, or before it
    }
    let range = line.range.clone();
    match line.index {
        1 if super::map::names_terrains(doc) => {
            let Some((ter, _)) = ctx.ter() else {
                return Vec::new();
            };
            let mut names: Vec<&str> = Vec::new();
            for t in ter.terrains.iter().filter(|t| t.named) {
                if !names.contains(&t.key()) {
                    names.push(t.key());
                }
            }
            names
                .into_iter()
                .map(|name| {
                    Completion::new(name, CompletionKind::Terrain, range.clone())
                        .detail(hover::terrain_display_name(ctx, name))
                        .documentation(hover::terrain_help_named(ctx, name))
                })
                .collect()
        }
        1 => {
            let Some((ter, _)) = ctx.ter() else {
                return Vec::new();
            };
            let mut letters: Vec<char> = ter
                .terrains
                .iter()
                .filter_map(|t| t.letter_char())
                .collect();
            letters.dedup();
            letters
                .into_iter()
                .map(|c| {
                    Completion::new(c.to_string(), CompletionKind::Terrain, range.clone())
                        .detail(hover::terrain_name(ctx, Some(c)))
                        .documentation(hover::terrain_help(ctx, c))
                })
                .collect()
        }
        2 | 4 | 6 => exit_labels(ctx, &view, line),
        3 | 5 | 7 => ["ARROW", "ARROWS", "ARCH", "BLOCK"]
            .iter()
            .map(|way| {
                Completion::new(*way, CompletionKind::Value, range.clone())
                    .detail(hover::way_words(way))
                    .documentation(hover::exit_type_help(way))
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Label 0 (no exit), then the hexes next to this one: the game ignores an exit to any other
/// (`colossus/non-adjacent-exit`). While the line has no position yet (x and y come last),
/// every hex.
fn exit_labels(ctx: &Context, view: &MapView, line: &LineWords) -> Vec<Completion> {
    let number = |i: usize| line.word(i).and_then(|w| w.parse::<i64>().ok());
    let own = number(0);
    let at = number(8).zip(number(9));
    let next_to = |hex: &super::map::Hex| match (at, hex.position()) {
        (Some((x, y)), Some((hx, hy))) => {
            (x == hx && (y - hy).abs() == 1) || (y == hy && (x - hx).abs() == 1)
        }
        _ => false,
    };
    let mut hexes: Vec<(&super::map::Hex, bool)> = view
        .hexes
        .iter()
        .filter(|h| h.label.value.is_some() && h.label.value != own)
        .map(|h| (h, next_to(h)))
        .filter(|(_, near)| at.is_none() || *near)
        .collect();
    hexes.sort_by_key(|(h, _)| h.label.value);
    hexes.dedup_by_key(|(h, _)| h.label.value);
    let mut items = vec![
        Completion::new("0", CompletionKind::Place, line.range.clone())
            .detail("no exit")
            .documentation(hover::exit_label_help(ctx, 0)),
    ];
    for (hex, near) in hexes {
        let Some(label) = hex.label.value else {
            continue;
        };
        let mut detail = format!(
            "{} at ({}, {})",
            hover::hex_terrain(ctx, hex),
            hover::show_opt(hex.x.as_ref().and_then(|n| n.value)),
            hover::show_opt(hex.y.as_ref().and_then(|n| n.value))
        );
        if near {
            detail.push_str(", next to this hex");
        }
        items.push(
            Completion::new(label.to_string(), CompletionKind::Place, line.range.clone())
                .detail(detail)
                .documentation(hover::exit_label_help(ctx, label)),
        );
    }
    items
}

// --- CRE ---

fn cre(doc: &Document, line: &LineWords) -> Vec<Completion> {
    let first_flag = 3;
    let flags = super::cre::flag_fields(super::cre::is_later(doc));
    let Some(field) = line
        .index
        .checked_sub(first_flag)
        .and_then(|i| flags.get(i))
    else {
        return Vec::new();
    };
    let words = FLAGS.iter().find(|(f, _)| f == field).map_or_else(
        || format!("native to {}", field.trim_start_matches("native_")),
        |(_, w)| (*w).to_string(),
    );
    let name = line.word(0).unwrap_or("");
    ["true", "false"]
        .iter()
        .map(|value| {
            let item = Completion::new(*value, CompletionKind::Value, line.range.clone())
                .detail(format!("{words}: {value}"));
            match hover::cre_field(field, line.index + 1, value, name) {
                Some(help) => item.documentation(help),
                None => item,
            }
        })
        .collect()
}

// --- VAR ---

fn var(
    ctx: &Context,
    doc: &Document,
    offset: usize,
    line: &LineWords,
    files: &dyn Files,
) -> Vec<Completion> {
    let before = line
        .text
        .get(..offset.saturating_sub(line.start))
        .unwrap_or("");
    let Some(colon) = before.find(':') else {
        // The key.
        let start = line.start + (before.len() - before.trim_start().len());
        // The key up to its colon: the value after it stays.
        let end = match line.text.find(':') {
            Some(colon) => line.start + colon + 1,
            None => line.range.end,
        }
        .max(offset);
        let mut keys = vec!["MAP:", "TER:", "CRE:", "DEPEND:"];
        if dialect::of_doc(doc, files).dialect >= Dialect::Nov2002 {
            keys.extend(["HINT:", "MAXPLAYERS:"]);
        }
        return keys
            .iter()
            .map(|key| {
                let help = hover::var_key(key);
                Completion::new(*key, CompletionKind::Keyword, start..end)
                    .detail(gist(help))
                    .documentation(help)
            })
            .collect();
    };
    let key = before[..colon].trim();
    // The value under the cursor: the word around it, between blanks (and commas in a list),
    // after the colon. In blanks, an empty word: the item goes in at the cursor.
    let list = matches!(key, "DEPEND" | "HINT");
    let parts = |c: char| c == ' ' || c == '\t' || (list && c == ',');
    let cursor = before.len();
    let value_start = before[colon + 1..]
        .rfind(parts)
        .map_or(colon + 1, |i| colon + 1 + i + 1);
    let value_end = cursor
        + line.text[cursor..]
            .find(parts)
            .unwrap_or(line.text.len() - cursor);
    let range = line.start + value_start..line.start + value_end;
    let Some(path) = doc.path() else {
        return Vec::new();
    };
    match key {
        "MAP" | "TER" | "CRE" => {
            let Some(variant) = ctx.variant.as_ref() else {
                return Vec::new();
            };
            variant_files(variant, &key.to_ascii_lowercase(), files)
                .into_iter()
                .map(|(name, found)| {
                    let shown = variant::shown(&found, &variant.dir);
                    Completion::new(name.clone(), CompletionKind::File, range.clone())
                        .detail(shown.clone())
                        .documentation(format!("**{name}** is `{shown}`."))
                })
                .collect()
        }
        "HINT" => {
            let Some(variant) = ctx.variant.as_ref() else {
                return Vec::new();
            };
            variant_files(variant, "hin", files)
                .into_iter()
                .map(|(name, found)| {
                    let shown = variant::shown(&found, &variant.dir);
                    Completion::new(name.clone(), CompletionKind::File, range.clone())
                        .detail(shown.clone())
                        .documentation(format!(
                            "**{name}** is `{shown}`: hints for the AI (Retroboard does not read them)."
                        ))
                })
                .collect()
        }
        "MAXPLAYERS" => {
            let era = &super::dialect::NOV_2002;
            (2..=era.max_players.unwrap_or(era.players))
                .map(|n| {
                    let detail = if n == era.players {
                        format!("{n} players (the default)")
                    } else {
                        format!("{n} players")
                    };
                    Completion::new(n.to_string(), CompletionKind::Value, range.clone())
                        .detail(detail)
                        .documentation(hover::max_players_help(n))
                })
                .collect()
        }
        "DEPEND" => {
            let Some(dir) = path.parent() else {
                return Vec::new();
            };
            variants_beside(dir, files)
                .into_iter()
                .map(|(name, var)| {
                    let other = Variant::of_dir(&var.parent().map(Path::to_path_buf).unwrap_or_default(), files);
                    let uses: Vec<&str> = [&other.map, &other.ter, &other.cre]
                        .iter()
                        .map(|r| r.name.as_str())
                        .collect();
                    Completion::new(name.clone(), CompletionKind::Variant, range.clone())
                        .detail(format!("variant: {}", uses.join(", ")))
                        .documentation(format!(
                            "**{name}**: the variant of `{}`; its folder is searched after this one's and before Default.",
                            variant::shown(&var, dir)
                        ))
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The files with this extension in the variant's folders, by name, where the game finds each
/// (the first folder of the search path that holds it).
fn variant_files(variant: &Variant, extension: &str, files: &dyn Files) -> Vec<(String, PathBuf)> {
    let mut found: Vec<(String, PathBuf)> = Vec::new();
    for dir in &variant.search_path {
        let Some(entries) = files.list(dir) else {
            continue;
        };
        let mut names: Vec<String> = entries
            .iter()
            .filter_map(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .filter(|n| {
                Path::new(n)
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case(extension))
            })
            .collect();
        names.sort();
        for name in names {
            if found.iter().any(|(n, _)| *n == name) {
                continue;
            }
            let resolved =
                variant::resolve_in(&variant.search_path, &name, &variant.reachable, files);
            if let Some(path) = resolved.path {
                found.push((name, path));
            }
        }
    }
    found
}

/// The variants beside the one in `dir` (folders of the variants' folder with a VAR), by
/// folder name, with their VAR.
fn variants_beside(dir: &Path, files: &dyn Files) -> Vec<(String, PathBuf)> {
    let Some(root) = dir.parent() else {
        return Vec::new();
    };
    let Some(entries) = files.list(root) else {
        return Vec::new();
    };
    let mut dirs: Vec<PathBuf> = entries
        .iter()
        .filter(|p| files.is_dir(p) && *p != dir)
        .cloned()
        .collect();
    dirs.sort();
    dirs.into_iter()
        .filter_map(|d| {
            let name = d.file_name()?.to_str()?.to_string();
            if !variant::is_plain_name(&name) {
                return None;
            }
            Some((name, variant::var_file(&d, files)?))
        })
        .collect()
}

// --- Battlelands ---

fn battleland(dialect: Dialect, line: &LineWords) -> Vec<Completion> {
    let range = line.range.clone();
    let era = dialect.era().unwrap_or(&super::dialect::FEB_2002);
    match line.word(0) {
        Some("STARTLIST") if line.index > 0 => {
            return super::battleland::HEX_LABELS
                .iter()
                .map(|label| {
                    let help = hover::start_hex_help(label);
                    Completion::new(*label, CompletionKind::Place, range.clone())
                        .detail(gist(&help))
                        .documentation(help)
                })
                .collect();
        }
        _ if line.index == 0 && dialect >= Dialect::Nov2002 => {
            return ["STARTLIST", "TOWER", "SUBTITLE"]
                .iter()
                .map(|keyword| {
                    let help = hover::battleland_keyword_help(keyword);
                    Completion::new(*keyword, CompletionKind::Keyword, range.clone())
                        .detail(gist(&help))
                        .documentation(help)
                })
                .collect();
        }
        _ => {}
    }
    if matches!(line.word(0), Some("STARTLIST" | "TOWER" | "SUBTITLE")) {
        return Vec::new();
    }
    match line.index {
        2 if era.battle_terrain_names.is_some() => era
            .battle_terrain_names
            .unwrap_or_default()
            .iter()
            .map(|name| {
                let help = hover::battle_terrain_name_help(name);
                let letter = super::battleland::terrain_letter(name).unwrap_or('?');
                let words = era
                    .battle_terrains
                    .iter()
                    .find(|(l, _)| *l == letter)
                    .map_or("?", |(_, w)| *w);
                Completion::new(*name, CompletionKind::Terrain, range.clone())
                    .detail(format!("{words} (letter {letter} before)"))
                    .documentation(help)
            })
            .collect(),
        2 => era
            .battle_terrains
            .iter()
            .map(|(c, name)| {
                Completion::new(c.to_string(), CompletionKind::Terrain, range.clone())
                    .detail(*name)
                    .documentation(hover::letter_help("Hex terrain", era.battle_terrains, *c))
            })
            .collect(),
        i if i >= 5 && i % 2 == 1 => era
            .hexsides
            .iter()
            .map(|(c, name)| {
                Completion::new(c.to_string(), CompletionKind::Terrain, range.clone())
                    .detail(*name)
                    .documentation(hover::letter_help("Hexside type", era.hexsides, *c))
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::gist;
    use crate::formats::Files;
    use crate::registry::FormatId;
    use crate::syntax::Document;

    struct NoFiles;

    impl Files for NoFiles {
        fn read(&self, _path: &std::path::Path) -> Option<std::sync::Arc<str>> {
            None
        }
    }

    fn labels(text: &str, line: usize, column: usize) -> Vec<String> {
        let doc = Document::new(Some(FormatId::ColossusMap), text);
        let offset = doc.rope().line_to_byte(line) + column;
        crate::ide::completions(&doc, offset, &NoFiles)
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    #[test]
    fn an_exit_leads_to_a_neighbour_or_while_the_position_is_unwritten_anywhere() {
        let map = "15 8\n100 T 0 ARROW 0 ARROW 0 ARROW 1 1\n1 B 0 ARROW 0 ARROW 0 ARROW 1 2\n\
2 B 0 ARROW 0 ARROW 0 ARROW 5 5\n3 B ";
        // Hex 1 at (1, 2): hex 100 at (1, 1) is next to it, hex 2 at (5, 5) is not.
        assert_eq!(labels(map, 2, 4), ["0", "100"]);
        // A new line without its position yet: every other hex.
        assert_eq!(labels(map, 4, 4), ["0", "1", "2", "100"]);
    }

    #[test]
    fn the_gist_of_hover_is_its_first_sentence_after_the_heading() {
        assert_eq!(
            gist("**Exit type ARCH**: the symbol on this hexside (an arch); more. Second."),
            "the symbol on this hexside (an arch); more"
        );
        assert_eq!(gist("**Lord**: a pseudo-creature."), "a pseudo-creature");
        assert_eq!(gist("plain"), "plain");
    }
}

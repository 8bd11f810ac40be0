//! Colossus MAP, TER, CRE and battleland files laid out in columns. The game's lexers skip any
//! run of spaces and tabs between tokens (and need none between a number and a letter), and a
//! record is one line, so only the blanks between the fields of a line change: never a blank
//! inserted where two tokens touch, nor one taken away between two (`5s` stays `5s`).
//!
//! * The records of one kind (the hexes of a MAP, the terrain lines of a TER, its ACQUIRABLE
//!   lines, the creatures of a CRE, the hexes of a battleland) form one table: the n-th field
//!   of each record is padded to the widest n-th field, numbers right-aligned, words left.
//!   A table whose fields are mostly separated by tabs (as the real MAP files are) keeps one
//!   tab between fields instead: tabs align the columns themselves. A table laid out by hand
//!   (see [`laid_out_by_hand`]), as the files the games shipped are, keeps its blanks: a mod
//!   repository that keeps Default and runs `format --check` must see it pass. A battleland's
//!   hexsides after its first four fields are pairs of varying number, one blank apart.
//! * The MAP's size line is its two numbers, one blank between them.
//! * Blanks before a line's first field only right-align a number; blanks at the end of a
//!   line go; a line of blanks is empty; a comment stays where it is, with the blanks before it, and so do comment lines.
//! * A line holding a CR that is not its line break's (the game reads it as a blank), or a
//!   character no token takes, is left as it is; a file with syntax errors or in a dialect
//!   Retroboard does not read (`colossus/unsupported-dialect`) is not formatted at all. VAR files are left alone (their spacing is hardly free: no blank
//!   may stand inside a record's value).

use std::collections::HashMap;

use crate::findings::TextEdit;
use crate::formats::layout::{self, Breaks};
use crate::registry::FormatId;
use crate::syntax::Document;

/// The kinds of records of each file kind, each one table; the MAP's size line is separate.
fn record_kinds(format: FormatId) -> &'static [&'static str] {
    match format {
        FormatId::ColossusMap => &["size", "hex"],
        FormatId::ColossusTer => &["terrain_def", "acquirable_def"],
        FormatId::ColossusCre => &["creature"],
        FormatId::ColossusBattleland => &["hex"],
        _ => &[],
    }
}

/// A record line: its table, and its fields up to the comment (or the line's end).
struct Record<'a> {
    kind: &'static str,
    fields: Vec<&'a str>,
    /// How many of the runs of blanks between its fields hold a tab, of how many.
    tabbed_gaps: usize,
    gaps: usize,
    /// Where the comment starts, with the blanks before it; the line's end when there is none.
    rest: usize,
    /// The character columns each field starts and ends at.
    columns: Vec<(usize, usize)>,
    /// Where its fields end in the line's text.
    fields_end: usize,
}

pub fn format(doc: &Document) -> Vec<TextEdit> {
    format_with(doc, true)
}

/// The layout [`format`] gives a table it lays out anew, a table laid out by hand included: a
/// board edit's widened column follows it in a file that is laid out so
/// ([`crate::formats::layout::keeping_layout`]); a file laid out by hand is not, and keeps its
/// blanks.
pub fn packed(doc: &Document) -> Vec<TextEdit> {
    format_with(doc, false)
}

fn format_with(doc: &Document, keep_hand_layout: bool) -> Vec<TextEdit> {
    let Some(format) = doc.format() else {
        return Vec::new();
    };
    let kinds = record_kinds(format);
    let Some(tree) = doc.tree() else {
        return Vec::new();
    };
    let root = tree.root_node();
    if kinds.is_empty() || root.has_error() {
        return Vec::new();
    }
    let text = doc.rope().to_string();
    let lines = layout::lines(&text, Breaks::Lf);
    let line_of = |byte: usize| lines.partition_point(|l| l.end < byte);

    // The kind of record each line holds.
    let mut kind_of: HashMap<usize, &'static str> = HashMap::new();
    let mut cursor = root.walk();
    for node in root.named_children(&mut cursor) {
        let Some(kind) = kinds.iter().find(|k| **k == node.kind()) else {
            continue;
        };
        let line = line_of(node.start_byte());
        let stray = {
            let mut walk = node.walk();
            node.children(&mut walk).any(|c| c.kind() == "stray")
        };
        if stray || kind_of.insert(line, kind).is_some() {
            // Two records on one line, or a character the game stops at: left alone.
            kind_of.insert(line, "");
        }
    }

    let mut records: HashMap<usize, Record> = HashMap::new();
    for (index, line) in lines.iter().enumerate() {
        let Some(&kind) = kind_of.get(&index).filter(|k| !k.is_empty()) else {
            continue;
        };
        let content = &text[line.start..line.end];
        if content.contains('\r') {
            continue;
        }
        let before_comment = content.find('#').unwrap_or(content.len());
        let cells = layout::cells(&content[..before_comment]);
        let Some(&(last_start, last)) = cells.last() else {
            continue;
        };
        let rest = if before_comment < content.len() {
            line.start + last_start + last.len()
        } else {
            line.end
        };
        let gaps: Vec<&str> = cells
            .windows(2)
            .map(|w| &content[w[0].0 + w[0].1.len()..w[1].0])
            .collect();
        let columns = cells
            .iter()
            .map(|(start, cell)| {
                let at = content[..*start].chars().count();
                (at, at + cell.chars().count())
            })
            .collect();
        records.insert(
            index,
            Record {
                kind,
                fields: cells.iter().map(|c| c.1).collect(),
                tabbed_gaps: gaps.iter().filter(|g| g.contains('\t')).count(),
                gaps: gaps.len(),
                rest,
                columns,
                fields_end: line.start + last_start + last.len(),
            },
        );
    }

    // Each table's column widths, and whether tabs separate its fields.
    let mut widths: HashMap<&str, Vec<usize>> = HashMap::new();
    let mut tabs: HashMap<&str, (usize, usize)> = HashMap::new();
    for record in records.values() {
        let columns = widths.entry(record.kind).or_default();
        for (column, field) in record.fields.iter().enumerate() {
            let len = field.chars().count();
            match columns.get_mut(column) {
                Some(width) => *width = (*width).max(len),
                None => columns.push(len),
            }
        }
        let count = tabs.entry(record.kind).or_default();
        count.0 += record.tabbed_gaps;
        count.1 += record.gaps;
    }

    let laid_out: Vec<&str> = tabs
        .iter()
        .filter(|(kind, (tabbed, _))| {
            keep_hand_layout
                && *tabbed == 0
                && laid_out_by_hand(records.values().filter(|r| r.kind == **kind))
        })
        .map(|(kind, _)| *kind)
        .collect();

    let mut edits = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let old = &text[line.start..line.end];
        let new = match records.get(&index) {
            // A table laid out by hand keeps its blanks between fields.
            Some(record) if laid_out.contains(&record.kind) => {
                let mut new = old[..record.fields_end - line.start].to_string();
                new.push_str(&text[record.rest..line.end]);
                new
            }
            Some(record) => {
                let (tabbed, gaps) = tabs[record.kind];
                let tabbed = 2 * tabbed > gaps;
                let columns = &widths[record.kind];
                let mut new = String::with_capacity(old.len());
                let last = record.fields.len() - 1;
                for (column, field) in record.fields.iter().enumerate() {
                    if column > 0 {
                        new.push(if tabbed { '\t' } else { ' ' });
                    }
                    let number = is_number(field);
                    // A battleland's hexsides after its first four fields are pairs of a
                    // varying number: no column holds one kind of thing.
                    let paired = format == FormatId::ColossusBattleland && column >= 4;
                    let width =
                        if tabbed || paired || record.kind == "size" || (column == last && !number)
                        {
                            0
                        } else {
                            columns[column]
                        };
                    layout::pad(&mut new, field, width, number);
                }
                new.push_str(&text[record.rest..line.end]);
                new
            }
            None if !old.contains('\r') && old.bytes().all(layout::is_blank) => String::new(),
            None => continue,
        };
        layout::respace(line.start, old, &new, &mut edits);
    }
    edits
}

/// Whether a table is laid out by hand, in columns of its author's: between some of its fields
/// stand more blanks than one, and most of its records line up (each field starts where most of
/// its column's fields start, or ends where most end, at least two, or no other record has that
/// field).
/// Such a table is left as it is: the files the games shipped are laid out so, some to the
/// columns of a header comment, some with a quirk of their own (the Tower line of a TER).
fn laid_out_by_hand<'r, 'a: 'r>(table: impl Iterator<Item = &'r Record<'a>> + Clone) -> bool {
    let mut starts: Vec<HashMap<usize, usize>> = Vec::new();
    let mut ends: Vec<HashMap<usize, usize>> = Vec::new();
    for record in table.clone() {
        for (field, &(start, end)) in record.columns.iter().enumerate() {
            if starts.len() <= field {
                starts.push(HashMap::new());
                ends.push(HashMap::new());
            }
            *starts[field].entry(start).or_default() += 1;
            *ends[field].entry(end).or_default() += 1;
        }
    }
    // For each field: how many records have it, and how many share the column most of them
    // start it at and the one most end it at (a field at any column of a tie lines up).
    let most = |counts: &HashMap<usize, usize>| counts.values().copied().max().unwrap_or(0);
    let shared: Vec<(usize, usize, usize)> = starts
        .iter()
        .zip(&ends)
        .map(|(starts, ends)| (starts.values().sum(), most(starts), most(ends)))
        .collect();
    let lines_up = |record: &Record| {
        record
            .columns
            .iter()
            .enumerate()
            .all(|(field, (start, end))| {
                let (records, most_starts, most_ends) = shared[field];
                let (starts, ends) = (starts[field][start], ends[field][end]);
                records < 2
                    || (starts > 1 && starts == most_starts)
                    || (ends > 1 && ends == most_ends)
            })
    };
    let (mut records, mut lined_up, mut wide_gap) = (0, 0, false);
    for record in table {
        records += 1;
        lined_up += usize::from(lines_up(record));
        wide_gap |= record.columns.windows(2).any(|w| w[1].0 > w[0].1 + 1);
    }
    // One blank between every field is a packed table, whose columns are made anew.
    records >= 2 && wide_gap && lined_up * 2 > records
}

fn is_number(field: &str) -> bool {
    let digits = field.strip_prefix('-').unwrap_or(field);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

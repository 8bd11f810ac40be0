//! Hover help for every Colossus token, decoded with the variant's other files: a creature shows
//! its stats from the variant's CRE, a terrain letter its name, colour and recruits.

use std::cell::OnceCell;
use std::path::Path;
use std::sync::Arc;

use tree_sitter::Node;

use super::colors;
use super::cre::{self, CreView, Creature, FLAGS};
use super::map::{self, MapView};
use super::ter::{PSEUDO_CREATURES, TerView, Terrain};
use super::variant::{self, Variant};
use crate::answers::Hover;
use crate::formats::Files;
use crate::registry::FormatId;
use crate::syntax::{Document, field_name};

/// What hover needs of the variant around a file.
pub(super) struct Context<'a> {
    doc: &'a Document,
    files: &'a dyn Files,
    pub(super) variant: Option<Variant>,
    /// The TER and CRE once read: completion asks for them once per item.
    ter: OnceCell<Option<(Arc<TerView>, String)>>,
    cre: OnceCell<Option<(Arc<CreView>, String)>>,
}

impl<'a> Context<'a> {
    pub(super) fn new(doc: &'a Document, files: &'a dyn Files) -> Context<'a> {
        Context {
            doc,
            files,
            variant: Variant::of_doc(doc, files),
            ter: OnceCell::new(),
            cre: OnceCell::new(),
        }
    }
}

impl Context<'_> {
    /// The TER this file reads (itself for a TER), and where it is, in words.
    pub(super) fn ter(&self) -> Option<(Arc<TerView>, String)> {
        self.ter.get_or_init(|| self.read_ter()).clone()
    }

    fn read_ter(&self) -> Option<(Arc<TerView>, String)> {
        if self.doc.format() == Some(FormatId::ColossusTer) {
            return Some((TerView::of(self.doc), "this file".to_string()));
        }
        let variant = self.variant.as_ref()?;
        let doc = variant::load(&variant.ter, FormatId::ColossusTer, self.files)?;
        Some((TerView::of(&doc), variant::shown(doc.path()?, &variant.dir)))
    }

    /// The CRE this file reads (itself for a CRE), and where it is, in words.
    pub(super) fn cre(&self) -> Option<(Arc<CreView>, String)> {
        self.cre.get_or_init(|| self.read_cre()).clone()
    }

    fn read_cre(&self) -> Option<(Arc<CreView>, String)> {
        if self.doc.format() == Some(FormatId::ColossusCre) {
            return Some((CreView::of(self.doc), "this file".to_string()));
        }
        let variant = self.variant.as_ref()?;
        let doc = variant::load(&variant.cre, FormatId::ColossusCre, self.files)?;
        Some((CreView::of(&doc), variant::shown(doc.path()?, &variant.dir)))
    }

    fn text(&self, node: Node) -> String {
        self.doc.slice(node.byte_range()).into_owned()
    }

    pub(super) fn doc(&self) -> &Document {
        self.doc
    }

    pub(super) fn files(&self) -> &dyn Files {
        self.files
    }
}

/// The hover at `offset`: what the field there means; on the first line of a file, and in a
/// VAR, also which version of the game the variant is read for, and why.
pub fn hover(doc: &Document, offset: usize, files: &dyn Files) -> Option<Hover> {
    let field = field_hover(doc, offset, files);
    let rope = doc.rope();
    let line = rope.byte_to_line(offset.min(rope.len_bytes()));
    if line != 0 && doc.format() != Some(FormatId::ColossusVar) {
        return field;
    }
    let told = super::dialect::of_doc(doc, files).told();
    let version = format!("**Game version:** read as {told}.");
    Some(match field {
        Some(hover) => Hover {
            markdown: format!("{}\n\n---\n\n{version}", hover.markdown),
            ..hover
        },
        None if line == 0 => Hover {
            range: super::syntax::line_range(doc, offset),
            markdown: version,
        },
        None => return None,
    })
}

fn field_hover(doc: &Document, offset: usize, files: &dyn Files) -> Option<Hover> {
    let node = crate::syntax::token_at(doc, offset)?;
    if node.is_error() || node.is_missing() || node.kind() == "comment" || node.parent()?.is_error()
    {
        return None; // in a comment or a syntax error
    }
    let format = doc.format()?;
    let ctx = Context::new(doc, files);
    let parent = node.parent()?;
    // The fields of a CRE or MAP line are told apart by their place in it, not by the grammar.
    let line = match (format, parent.kind()) {
        (FormatId::ColossusCre, "creature") => Some(cre::fields_of(doc, parent)),
        (FormatId::ColossusMap, "size" | "hex") => Some(map::fields_of(doc, parent)),
        _ => None,
    };
    let field = match &line {
        Some(line) => line
            .slot_at(node.start_byte())
            .map(|slot| line.layout().fields[slot].0),
        None => field_name(node),
    };
    let text = ctx.text(node);
    let era = || {
        super::dialect::of_doc(doc, files)
            .era()
            .unwrap_or(&super::dialect::FEB_2002)
    };
    if format == FormatId::ColossusBattleland && node.kind() == "tower" {
        return Some(Hover {
            range: node.byte_range(),
            markdown: battleland_keyword_help("TOWER"),
        });
    }
    let markdown = match (format, parent.kind(), field) {
        (FormatId::ColossusMap, "size", Some("width")) => {
            let widths = &era().widths;
            format!("**Map width** {text}: the masterboard is {text} hexes wide (x 0 to {}). The game accepts {}–{}.", minus_one(&text), widths.start(), widths.end())
        }
        (FormatId::ColossusMap, "size", Some("height")) => {
            let heights = &era().heights;
            format!("**Map height** {text}: the masterboard is {text} hexes high (y 0 to {}). The game accepts {}–{}.", minus_one(&text), heights.start(), heights.end())
        }
        (FormatId::ColossusMap, "hex", Some("label")) => map_hex(&ctx, text.parse().ok()?)?,
        (FormatId::ColossusMap, "hex", Some("terrain")) if super::map::names_terrains(doc) => {
            // The whole name: `Tower3` is one field of tokens `Tower` and `3`.
            let view = MapView::of(doc);
            let hex = view.hexes.iter().find(|h| h.range.contains(&node.start_byte()))?;
            terrain_help_named(&ctx, &hex.terrain_key()?)
        }
        (FormatId::ColossusMap, "hex", Some("terrain")) => terrain_help(&ctx, text.chars().next()?),
        (FormatId::ColossusMap, "hex", Some("x" | "y")) => {
            let view = MapView::of(doc);
            let hex = view.hexes.iter().find(|h| h.range.contains(&node.start_byte()))?;
            let (x, y) = hex.position()?;
            let parity = if (x + y) % 2 == 0 { "even" } else { "odd" };
            format!(
                "**{} position** {text} of hex {}: the hex is at column {x}, row {y} (both from 0). \
x + y = {} is {parity}: the parity decides whether the hex is drawn pointing up or down.",
                field?,
                hex.label.value.unwrap_or_default(),
                x + y
            )
        }
        (FormatId::ColossusMap, "hex", Some("exit_label")) => exit_label_help(&ctx, text.parse().ok()?),
        (FormatId::ColossusMap, "hex", Some("way")) => exit_type_help(&text),
        (FormatId::ColossusTer, "terrain_def", Some("letter")) => terrain_help(&ctx, text.chars().next()?),
        (FormatId::ColossusTer, "terrain_def" | "named_terrain_def", Some("color")) => color_help(&text),
        (FormatId::ColossusTer, "named_terrain_def", Some("name")) => {
            let found = ctx.variant.as_ref().map(|v| v.battleland(&text, files));
            let where_ = match found.as_ref().and_then(|r| r.path.as_ref()) {
                Some(path) => format!("battleland `{}`", variant::shown(path, &ctx.variant.as_ref()?.dir)),
                None => format!("no battleland file `Battlelands/{text}`"),
            };
            format!("{}\n\nThe masterboard names this terrain in its hexes (2003-10: no letter); {where_}.", terrain_help_named(&ctx, &text))
        }
        (FormatId::ColossusTer, "named_terrain_def", Some("random")) => {
            let file = text.strip_prefix("Random:").unwrap_or(&text);
            format!("**Random battleland** (2003-10): the game makes this terrain's battlelands at random from `{file}` in the variant's Battlelands folder, which also says whether the terrain is a tower.")
        }
        (FormatId::ColossusTer, "named_terrain_def", Some("display_name")) => {
            format!("**Display name** {text}: shown on the masterboard and used for the overlay image `{text}.gif`.")
        }
        (FormatId::ColossusTer, "terrain_def", Some("name")) => {
            let found = ctx.variant.as_ref().map(|v| v.battleland(&text, files));
            let where_ = match found.as_ref().and_then(|r| r.path.as_ref()) {
                Some(path) => format!("found at `{}`", variant::shown(path, &ctx.variant.as_ref()?.dir)),
                None => "not found: battles here are fought on plain ground".to_string(),
            };
            format!("**Terrain name** {text}: also the name of its battleland file, `Battlelands/{text}` ({where_}); the display name unless one follows the recruits.")
        }
        (FormatId::ColossusTer, "terrain_def", Some("display_name")) => {
            format!("**Display name** {text}: shown on the masterboard and used for the overlay image `{text}.gif`.")
        }
        (FormatId::ColossusTer, "terrain_def", Some("regular")) => regular_help(&text).to_string(),
        (FormatId::ColossusTer, "recruit", Some("count")) => {
            let creature = field_text(&ctx, parent, "creature").unwrap_or_default();
            let previous = parent
                .prev_named_sibling()
                .filter(|p| p.kind() == "recruit")
                .and_then(|p| field_text(&ctx, p, "creature"));
            recruit_count(&text, &creature, previous.as_deref())
        }
        (FormatId::ColossusTer, "recruit", Some("creature")) if text.starts_with("Special:") => format!(
            "**Special recruiter** (2002-11): the game asks the Java class `{}` which creatures this terrain recruits.",
            text.trim_start_matches("Special:")
        ),
        (FormatId::ColossusTer, "recruit" | "acquirable", Some("creature")) | (FormatId::ColossusCre, "creature", Some("name")) => {
            creature_help(&ctx, &text)
        }
        (FormatId::ColossusTer, "acquirable", Some("points")) => {
            let (ter, _) = ctx.ter()?;
            let base = ter.acquirables.first().and_then(|a| a.points.value);
            let creature = field_text(&ctx, parent, "creature").unwrap_or_default();
            match base {
                Some(b) if ter.acquirables.first().is_some_and(|a| a.points.range == node.byte_range()) => format!(
                    "**Acquirable points** {text}: a player acquires one {creature} every {text} points. As the first ACQUIRABLE value it is the base: every other value must be a multiple of {b}, and {creature} starts in every player's stack."
                ),
                Some(b) => format!("**Acquirable points** {text}: a player acquires one {creature} every {text} points (a multiple of the base {b})."),
                None => format!("**Acquirable points** {text}"),
            }
        }
        (FormatId::ColossusTer, "acquirable", Some("terrains")) | (FormatId::ColossusTer, "terrain_names", _) => {
            let (ter, _) = ctx.ter()?;
            let list = if parent.kind() == "terrain_names" { parent } else { node };
            let word = super::syntax::word(doc, list);
            let names: Vec<String> = super::ter::terrain_refs(&word, ter.named())
                .into_iter()
                .map(|(key, _)| {
                    if ter.named() {
                        match ter.terrain_by_key(&key) {
                            Some(_) => key,
                            None => format!("{key} (no terrain of this name: the game never matches it)"),
                        }
                    } else {
                        format!("{key} ({})", terrain_name(&ctx, key.chars().next()))
                    }
                })
                .collect();
            let range = list.byte_range();
            return Some(Hover { range, markdown: format!("**Terrains** where it can be acquired: {}.", names.join(", ")) });
        }
        (FormatId::ColossusTer, "titan_improve", _) => {
            titan_record_help("TITANIMPROVE", field_text(&ctx, parent, "value").as_deref())
        }
        (FormatId::ColossusTer, "titan_teleport", _) => {
            titan_record_help("TITANTELEPORT", field_text(&ctx, parent, "value").as_deref())
        }
        (FormatId::ColossusTer, "acquirable_def", _) => "**ACQUIRABLE**: creatures players acquire by points, as `points name [terrains]`; the first one sets the base and is the primary acquirable.".to_string(),
        (FormatId::ColossusCre, "creature", Some(field)) => {
            let name = line.as_ref().and_then(|line| line.slot(0));
            let slot = line.as_ref().and_then(|l| l.slot_at(node.start_byte()));
            // The whole field: a 2002-11 word is several tokens (`Special:Balrog.CreatureBalrog`).
            let whole = line.as_ref().zip(slot).and_then(|(l, s)| l.slot(s));
            let text = whole.map_or(text.clone(), |f| f.text.to_string());
            let markdown = cre_field(field, slot.map_or(0, |s| s + 1), &text, name.map_or("", |f| f.text.as_ref()))?;
            let range = whole.map_or(node.byte_range(), |f| f.range.clone());
            return Some(Hover { range, markdown });
        }
        (FormatId::ColossusBattleland, "hex", Some("x" | "y")) => {
            let x = field_text(&ctx, parent, "x").unwrap_or_default();
            let y = field_text(&ctx, parent, "y").unwrap_or_default();
            format!("**Battle hex ({x}, {y})**: column {x}, row {y} of the battle map.")
        }
        (FormatId::ColossusBattleland, "hex", Some("terrain")) if text.chars().count() > 1 => {
            super::battleland::terrain_letter(&text)?;
            battle_terrain_name_help(&text)
        }
        (FormatId::ColossusBattleland, "hex", Some("terrain")) => {
            letter_help("Hex terrain", era().battle_terrains, super::battleland::terrain_letter(&text)?)
        }
        (FormatId::ColossusBattleland, "hex", Some("elevation")) => {
            format!("**Elevation** {text}: the height of the hex (0–{}); higher ground helps in battle.", era().max_elevation)
        }
        (FormatId::ColossusBattleland, "startlist", Some("label")) => start_hex_help(&text),
        (FormatId::ColossusBattleland, "startlist", _) => battleland_keyword_help("STARTLIST"),
        (FormatId::ColossusBattleland, "subtitle", Some("text")) => {
            let shown = text.trim_matches('"');
            format!("**Subtitle** “{shown}”: shown with the terrain's name in the title of its battle map.")
        }
        (FormatId::ColossusBattleland, "subtitle", _) => battleland_keyword_help("SUBTITLE"),
        (FormatId::ColossusBattleland, "hexside", Some("side")) => {
            format!("**Hexside {text}**: one of the six sides of the hex, numbered 0 to 5.")
        }
        (FormatId::ColossusBattleland, "hexside", Some("type")) => letter_help("Hexside type", era().hexsides, text.chars().next()?),
        (FormatId::ColossusVar, "entry", Some("key")) => var_key(&text).to_string(),
        (FormatId::ColossusVar, "entry", Some("value")) => var_value(&ctx, parent, &text)?,
        _ => return None,
    };
    Some(Hover {
        range: node.byte_range(),
        markdown,
    })
}

fn field_text(ctx: &Context, node: Node, field: &str) -> Option<String> {
    node.child_by_field_name(field)
        .filter(|n| !n.is_missing())
        .map(|n| ctx.text(n))
}

fn minus_one(text: &str) -> String {
    text.parse::<i64>()
        .map_or_else(|_| "?".to_string(), |n| (n - 1).to_string())
}

pub(super) fn show_opt(n: Option<i64>) -> String {
    n.map_or_else(|| "?".to_string(), |n| n.to_string())
}

pub(super) fn terrain_name(ctx: &Context, letter: Option<char>) -> String {
    let Some(letter) = letter else {
        return "?".to_string();
    };
    ctx.ter()
        .and_then(|(ter, _)| {
            ter.terrain(letter)
                .and_then(|t| t.name.as_ref())
                .map(|n| n.text.to_string())
        })
        .unwrap_or_else(|| format!("terrain {letter}"))
}

fn chain(terrain: &Terrain) -> String {
    let steps: Vec<String> = terrain
        .recruits
        .iter()
        .map(|r| {
            format!(
                "{} {}",
                r.count
                    .value
                    .map_or_else(|| "?".to_string(), |c| c.to_string()),
                r.creature.text
            )
        })
        .collect();
    if steps.is_empty() {
        "none".to_string()
    } else {
        steps.join(" → ")
    }
}

/// A 2003-10 terrain, by the name the MAP and the TER know it by.
pub(super) fn terrain_help_named(ctx: &Context, key: &str) -> String {
    let Some((ter, source)) = ctx.ter() else {
        return format!("**Terrain {key}**: the variant's TER file was not found.");
    };
    let Some(t) = ter.terrain_by_key(key) else {
        return format!(
            "**Terrain {key}**: not defined in {source} (terrains: {}).",
            ter.names_listed()
        );
    };
    let random = t
        .random
        .as_ref()
        .map(|r| {
            format!(
                "\n\nBattlelands made at random from `{}`.",
                r.text.strip_prefix("Random:").unwrap_or(&r.text)
            )
        })
        .unwrap_or_default();
    terrain_described(t, &format!("Terrain {key}"), &random, &source)
}

/// A terrain line found in the TER: `title`, its display name, colour, recruitment and
/// recruit chain, then `more` and where it is from.
fn terrain_described(t: &Terrain, title: &str, more: &str, source: &str) -> String {
    let color = t.color.as_ref().map_or("?", |c| c.text.as_str());
    let swatch = colors::rgb(color)
        .map(|[r, g, b]| format!(" (#{r:02x}{g:02x}{b:02x})"))
        .unwrap_or_default();
    let display = t
        .display_name
        .as_ref()
        .map(|d| format!(", shown as {}", d.text))
        .unwrap_or_default();
    format!(
        "**{title}**{display} · colour `{color}`{swatch} · {} recruitment\n\nRecruits: {}{more}\n\nfrom {source}",
        if t.regular.as_ref().is_some_and(|r| r.text == "true") {
            "regular"
        } else {
            "listed-only"
        },
        chain(t)
    )
}

/// What a hex's terrain is called: its name from 2003-10, else its letter's terrain name.
pub(super) fn hex_terrain(ctx: &Context, hex: &super::map::Hex) -> String {
    if hex.named {
        return hex.terrain_key().unwrap_or_else(|| "?".to_string());
    }
    terrain_name(ctx, hex.terrain_letter())
}

pub(super) fn terrain_help(ctx: &Context, letter: char) -> String {
    let Some((ter, source)) = ctx.ter() else {
        return format!("**Terrain {letter}**: the variant's TER file was not found.");
    };
    let Some(t) = ter.terrain(letter) else {
        return format!(
            "**Terrain {letter}**: not defined in {source} (letters: {}).",
            ter.letters()
        );
    };
    let name = t.name.as_ref().map_or("?", |n| n.text.as_str());
    let tower = if letter == 'T' {
        let starters: Vec<&str> = t
            .starting_creatures()
            .iter()
            .map(|r| r.creature.text.as_str())
            .collect();
        format!(
            "\n\nThe Tower: players start here with {}.",
            starters.join(", ")
        )
    } else {
        String::new()
    };
    terrain_described(t, &format!("Terrain {letter} — {name}"), &tower, &source)
}

/// What a pseudo-creature of a recruit chain stands for (the Titan is a creature too).
pub(super) fn pseudo_words(name: &str) -> Option<&'static str> {
    match name {
        "Anything" => Some("any creature"),
        "AnyNonLord" => Some("any creature but lords and demilords"),
        "Lord" => Some("a lord"),
        _ => None,
    }
}

pub(super) fn recruit_count(count: &str, creature: &str, previous: Option<&str>) -> String {
    let pseudo = pseudo_words;
    let meaning = match (count, previous) {
        ("-1", _) => format!("{creature} can recruit here but cannot be recruited"),
        (_, None) if pseudo(creature).is_some() => format!(
            "{creature} ({}) starts the chain; the number before the next creature says how many are needed",
            pseudo(creature).unwrap_or_default()
        ),
        (_, Some(_)) if pseudo(creature).is_some() => format!(
            "{creature} ({}) is never recruited: it starts a new chain here; the number before the next creature says how many are needed",
            pseudo(creature).unwrap_or_default()
        ),
        ("0", _) => format!(
            "0: {creature} is recruited with the recruiter left anonymous (meant right after Anything or AnyNonLord)"
        ),
        (n, Some(prev)) => match pseudo(prev) {
            Some(words) => format!("{n} of {words} ({prev}) recruit one {creature}"),
            None if prev == "Titan" => format!(
                "the Titan recruits one {creature} alone; {n} is the number of creatures before it needed otherwise"
            ),
            None => format!(
                "{n} {prev} recruit one {creature}; {creature} also recruits the creatures before it"
            ),
        },
        (n, None) => format!(
            "{creature} is first in the chain: {n} {creature} (or creatures later in the chain) recruit one more"
        ),
    };
    format!("**Recruiters needed** {count}: {meaning}.")
}

pub(super) fn creature_help(ctx: &Context, name: &str) -> String {
    if let Some(pseudo) = PSEUDO_CREATURES
        .iter()
        .find(|p| **p == name)
        .filter(|p| **p != "Titan")
    {
        return format!(
            "**{pseudo}**: a pseudo-creature of recruit chains, not a creature of the CRE."
        );
    }
    let Some((cre, source)) = ctx.cre() else {
        return format!("**{name}**: the variant's CRE file was not found.");
    };
    match cre.creature(name) {
        Some(c) => creature_card(c, &source),
        None => format!("**{name}**: no creature of this name in {source}."),
    }
}

pub(super) fn creature_card(c: &Creature, source: &str) -> String {
    let mut traits: Vec<&str> = FLAGS
        .iter()
        .filter(|(f, _)| c.flag(f))
        .map(|(_, words)| *words)
        .collect();
    if traits.is_empty() {
        traits.push("no special abilities");
    }
    format!(
        "**{}** ({}) — power {} · skill {}\n\n{}\n\nat most {} in the caretaker's stacks · from {source}",
        c.name.text,
        c.plural_name.as_ref().map_or("?", |p| p.text.as_str()),
        show_opt(c.power.as_ref().and_then(|n| n.value)),
        show_opt(c.skill.as_ref().and_then(|n| n.value)),
        traits.join(" · "),
        show_opt(c.max_count.as_ref().and_then(|n| n.value)),
    )
}

/// Hover of field `field`, the `n`th of its creature line.
pub(super) fn cre_field(field: &str, n: usize, text: &str, name: &str) -> Option<String> {
    Some(match field {
        "native_river" | "native_stone" | "native_tree" => format!(
            "**native to {}** (field {n}, 2002-11) of {name}: {text}.",
            field.trim_start_matches("native_")
        ),
        "base_color" => format!(
            "**Base colour** (field {n}, 2002-11) of {name}: {text}, the colour its picture is drawn in."
        ),
        "special" => format!(
            "**Special class** (field {n}, 2002-11) of {name}: the game makes this creature with the Java class `{}` instead of its usual one.",
            text.trim_start_matches("Special:")
        ),
        "power" => format!(
            "**Power** (field {n}) of {name}: {text} dice in a strike. The Titan's is −1: its power grows with its player's score."
        ),
        "skill" => {
            format!("**Skill** (field {n}) of {name}: {text}, which sets the number needed to hit.")
        }
        "max_count" => {
            format!("**Maximum count** (field {n}) of {name}: {text} in the caretaker's stacks.")
        }
        "plural_name" => format!("**Plural name** (field {n}) of {name}: {text}."),
        f => {
            let (_, words) = FLAGS.iter().find(|(x, _)| *x == f)?;
            format!("**{words}** (field {n}) of {name}: {text}.")
        }
    })
}

fn map_hex(ctx: &Context, label: i64) -> Option<String> {
    let view = MapView::of(ctx.doc);
    let hex = view.hex(label)?;
    let exits: Vec<String> = hex
        .exits
        .iter()
        .filter(|e| !e.label.is(0))
        .map(|e| {
            format!(
                "{} ({})",
                show_opt(e.label.value),
                e.way.as_ref().map_or("?", |w| w.text.as_str())
            )
        })
        .collect();
    Some(format!(
        "**Hex {label}** — {} at ({}, {})\n\nexits: {}",
        hex_terrain(ctx, hex),
        show_opt(hex.x.as_ref().and_then(|n| n.value)),
        show_opt(hex.y.as_ref().and_then(|n| n.value)),
        if exits.is_empty() {
            "none".to_string()
        } else {
            exits.join(", ")
        }
    ))
}

pub(super) fn var_key(key: &str) -> &'static str {
    match key {
        "MAP:" => "**MAP:** the masterboard file of the variant (default `Default.map`).",
        "CRE:" => "**CRE:** the creatures file of the variant (default `Default.cre`).",
        "TER:" => "**TER:** the terrains and recruits file of the variant (default `Default.ter`).",
        "HINT:" => {
            "**HINT:** (2002-11) the AI's hint files, comma-separated (default `Default.hin`); Retroboard does not read them."
        }
        "MAXPLAYERS:" => {
            "**MAXPLAYERS:** (2002-11) the most players a game of the variant has, 1 to 9 (default 6)."
        }
        _ => {
            "**DEPEND:** the variants this one builds on, comma-separated; their folders are searched after this one's and before Default."
        }
    }
}

fn var_value(ctx: &Context, entry: Node, value: &str) -> Option<String> {
    let key = field_text(ctx, entry, "key")?;
    match key.as_str() {
        "MAXPLAYERS:" => {
            let max = super::dialect::NOV_2002.max_players.unwrap_or_default();
            return Some(match value.parse::<usize>() {
                Ok(n) if (1..=max).contains(&n) => max_players_help(n),
                Ok(n) => format!(
                    "**{n} players**: the game uses {} instead (it takes 1 to {max}).",
                    if n == 0 {
                        super::dialect::NOV_2002.players
                    } else {
                        max
                    }
                ),
                Err(_) => format!("**{value}**: not a number of players."),
            });
        }
        "HINT:" => {
            let list: Vec<String> = value.split(',').map(|h| format!("`{h}`")).collect();
            return Some(format!(
                "**AI hint files** {}: the game's AI reads them, in this order; Retroboard does not.",
                list.join(", ")
            ));
        }
        _ => {}
    }
    let dir = ctx.doc.path().and_then(Path::parent)?;
    if key == "DEPEND:" {
        let root = dir.parent().unwrap_or(dir);
        let list: Vec<String> = value
            .split(',')
            .map(|d| {
                if !variant::is_plain_name(d) {
                    // Never probe the disk outside the variants' folder.
                    format!("`{d}` (not a folder name; the game only looks beside this variant)")
                } else if ctx.files.is_dir(&root.join(d)) {
                    format!("`{d}` (found)")
                } else {
                    format!("`{d}` (not found)")
                }
            })
            .collect();
        return Some(format!("**Depends on** {}.", list.join(", ")));
    }
    let variant = ctx.variant.as_ref()?;
    let resolved = variant::resolve_in(&variant.search_path, value, &variant.reachable, ctx.files);
    Some(match &resolved.path {
        Some(path) => format!("**{value}** is `{}`.", variant::shown(path, dir)),
        None => {
            format!("**{value}** is not found (the game would fall back to the Default variant).")
        }
    })
}

/// An exit type of the MAP.
pub(super) fn exit_type_help(text: &str) -> String {
    format!(
        "**Exit type {text}**: the symbol on this hexside of the masterboard ({}); the movement \
rules read it. For an exit label of 0 it is ignored.",
        way_words(text)
    )
}

/// The symbol an exit type stands for.
pub(super) fn way_words(text: &str) -> &'static str {
    match text {
        "BLOCK" => "a block",
        "ARCH" => "an arch",
        "ARROW" => "one arrow",
        "ARROWS" => "three arrows",
        _ => "unknown",
    }
}

/// An exit label of the MAP: the hex it leads to.
pub(super) fn exit_label_help(ctx: &Context, label: i64) -> String {
    if label == 0 {
        return "**No exit** (label 0): the exit type after it is ignored.".to_string();
    }
    let view = MapView::of(ctx.doc);
    match view.hex(label) {
        Some(hex) => format!(
            "**Exit to hex {label}**: {} at ({}, {}).",
            hex_terrain(ctx, hex),
            show_opt(hex.x.as_ref().and_then(|n| n.value)),
            show_opt(hex.y.as_ref().and_then(|n| n.value))
        ),
        None => format!("**Exit to hex {label}**: no hex has this label."),
    }
}

/// A TER colour name.
pub(super) fn color_help(text: &str) -> String {
    match colors::rgb(text) {
        Some([r, g, b]) => format!(
            "**Colour** `{text}`: rgb({r}, {g}, {b}), #{r:02x}{g:02x}{b:02x}, used to draw the terrain on the masterboard."
        ),
        None => {
            format!("**Colour** `{text}`: not a colour Colossus knows; the terrain is drawn black.")
        }
    }
}

/// The regular-recruitment flag of a TER line.
pub(super) fn regular_help(text: &str) -> &'static str {
    match text {
        "true" => {
            "**Regular recruitment** true: a creature can recruit the creatures below it in the chain, and the next one when there are enough of it."
        }
        _ => {
            "**Regular recruitment** false: only the listed recruiters recruit (usual for the Tower)."
        }
    }
}

/// A letter of an era's table (battle hex terrains or hexside types).
pub(super) fn letter_help(what: &str, table: &[(char, &str)], c: char) -> String {
    match table.iter().find(|(l, _)| *l == c) {
        Some((_, name)) => format!("**{what}** {c}: {name}."),
        None => {
            let known: Vec<String> = table.iter().map(|(l, _)| l.to_string()).collect();
            format!(
                "**{what}** {c}: unknown; the game knows {}.",
                known.join(" ")
            )
        }
    }
}

/// A STARTLIST hex label.
pub(super) fn start_hex_help(label: &str) -> String {
    match super::battleland::hex_of_label(label) {
        Some((x, y)) => format!(
            "**Start hex** {label}: the battle hex at column {x}, row {y} (`{x} {y}` in the hex lines); a defender starts here."
        ),
        None => format!(
            "**Start hex** {label}: not a hex of the battle map (the hexes are A1–A3, B1–B4, C1–C5, D1–D6, E1–E5, F1–F4)."
        ),
    }
}

/// A `TITANIMPROVE` or `TITANTELEPORT` line (2002-11), with its points when written.
pub(super) fn titan_record_help(keyword: &str, value: Option<&str>) -> String {
    let points = value.unwrap_or("n");
    if keyword == "TITANIMPROVE" {
        format!(
            "**TITANIMPROVE** (2002-11): the Titan's power grows by one every {points} points of its player's score (above 0)."
        )
    } else {
        format!(
            "**TITANTELEPORT** (2002-11): a Titan may teleport once its player has {points} points (above 0)."
        )
    }
}

/// The records of a 2002-11 battleland besides its hexes.
pub(super) fn battleland_keyword_help(keyword: &str) -> String {
    match keyword {
        "STARTLIST" => format!(
            "**STARTLIST** (2002-11): the battle hexes where the defenders start, by label (a column letter A–F and a row counted from the bottom); the game uses the list only when it names at least {} hexes.",
            super::battleland::STARTLIST_MIN
        ),
        "TOWER" => "**TOWER** (2002-11): this terrain is a tower. Its hexes on the masterboard \
are where players start, and the MAP's tower count is of the terrains whose battleland has this line."
            .to_string(),
        _ => "**SUBTITLE** (2002-11): a text shown with the terrain's name in the title of its battle map: one word, or quoted letters, digits, spaces and _.".to_string(),
    }
}

/// A battle hex terrain by name (2003-10).
pub(super) fn battle_terrain_name_help(text: &str) -> String {
    let known = super::battleland::TERRAIN_NAMES_2003_10.contains(&text);
    let letter = super::battleland::terrain_letter(text);
    match letter.and_then(|l| {
        super::battleland::TERRAINS_2002_11
            .iter()
            .find(|(c, _)| *c == l)
    }) {
        Some((letter, name)) if known => format!(
            "**Hex terrain** {text} (2003-10): {name}, the terrain of letter {letter} before."
        ),
        _ => format!("**Hex terrain** {text}: not a terrain the game knows."),
    }
}

/// `MAXPLAYERS: n` within the game's limits.
pub(super) fn max_players_help(n: usize) -> String {
    format!("**{n} players** at most in a game of this variant.")
}

/// What the masterboard shows for a terrain of the TER by key: its display name, else its name.
pub(super) fn terrain_display_name(ctx: &Context, key: &str) -> String {
    ctx.ter()
        .and_then(|(ter, _)| {
            let t = ter.terrain_by_key(key)?;
            let shown = t.display_name.as_ref().or(t.name.as_ref())?;
            Some(if shown.text == key {
                format!("terrain {key}")
            } else {
                format!("terrain {key}, shown as {}", shown.text)
            })
        })
        .unwrap_or_else(|| format!("terrain {key}"))
}

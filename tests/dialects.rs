//! The later Colossus dialects (issue 27) on the real files of `../shared/corpus/colossus/_later`:
//! each variant is read in its own era's dialect, so the real files check clean file by file,
//! and single realistic mistakes put into copies of them (in memory) are caught on their line.

#[path = "support/corpus.rs"]
mod corpus;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use retroboard::analysis::analyze_with;
use retroboard::findings::{Finding, Severity};
use retroboard::formats::{DiskFiles, Files};
use retroboard::registry::detect;
use retroboard::syntax::Document;

const NOV_2002: &str = "colossus/_later/2002-11-21_c51d0c34";
const OCT_2003: &str = "colossus/_later/2003-10-19_1b50e238";

/// The disk, with one file's text replaced.
struct Changed {
    path: PathBuf,
    text: String,
}

impl Files for Changed {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        if path == self.path {
            return Some(self.text.as_str().into());
        }
        DiskFiles.read(path)
    }

    fn exists(&self, path: &Path) -> bool {
        path == self.path || DiskFiles.exists(path)
    }
}

fn findings(path: &Path, text: &str, files: &dyn Files) -> Vec<Finding> {
    let doc = Document::new(detect(Some(path), text), text).with_path(Some(path.to_path_buf()));
    analyze_with(&doc, files)
}

fn line_of(text: &str, finding: &Finding) -> usize {
    text[..finding.range.start].matches('\n').count() + 1
}

/// The findings of `file` (below the corpus) once `edit` has changed the text of `changed`.
fn mutated(
    root: &Path,
    changed: &str,
    edit: impl Fn(&str) -> String,
    file: &str,
) -> (String, Vec<Finding>) {
    let changed = root.join(changed);
    let original = std::fs::read_to_string(&changed).unwrap();
    let text = edit(&original);
    assert!(text != original, "the mutation changes nothing");
    let files = Changed {
        path: changed.clone(),
        text: text.clone(),
    };
    let file = root.join(file);
    let checked = files.read(&file).unwrap().to_string();
    let found = findings(&file, &checked, &files);
    (checked, found)
}

fn faults(found: &[Finding]) -> Vec<&Finding> {
    found
        .iter()
        .filter(|f| matches!(f.severity, Severity::Error | Severity::Warning))
        .collect()
}

/// The real mistakes of the later corpus, each warned about once: (file, code, line, text).
/// Undead.ter of 2003-10 restricts two acquirables to terrains it has no line for, which
/// `TerrainRecruitLoader.acquirableData.isAvailable` at 1b50e238 never matches, silently, so
/// the game never offers them: `Moutains` (Mountains misspelt) and `Jungle` (the 2002-11 file
/// said `J`, which is Tombs in Undead; converting the letters to Default's names made it
/// Jungle).
const KNOWN_LATER_MISTAKES: [(&str, &str, usize, &str); 2] = [
    (
        "colossus/_later/2003-10-19_1b50e238/Undead/Undead.ter",
        "colossus/unknown-acquirable-terrain",
        30,
        "Jungle",
    ),
    (
        "colossus/_later/2003-10-19_1b50e238/Undead/Undead.ter",
        "colossus/unknown-acquirable-terrain",
        30,
        "Moutains",
    ),
];

/// `retroboard check` of each later folder: no error or warning in any file but the
/// [`KNOWN_LATER_MISTAKES`]; every 2002-11 file
/// is read (checked with the 2002-11 rules, no unsupported-dialect note), and so is every file
/// of the 2003-10 variants that Retroboard reads in that dialect ([`read_in_2003`]); the others
/// get the note.
#[test]
fn later_folders_check_clean_file_by_file() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let mut problems = Vec::new();
    let mut noted = Vec::new();
    let mut read = Vec::new();
    let mut known = Vec::new();
    for folder in [NOV_2002, OCT_2003] {
        for path in corpus::files_below(&root.join(folder)) {
            let relative = path.strip_prefix(&root).unwrap().display().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            let found = findings(&path, &text, &DiskFiles);
            for f in faults(&found) {
                let line = text[..f.range.start].lines().count().max(1)
                    + usize::from(text[..f.range.start].ends_with('\n'));
                let found = (relative.as_str(), f.code, line, &text[f.range.clone()]);
                if KNOWN_LATER_MISTAKES.contains(&found) {
                    known.push(found.3.to_string());
                } else {
                    problems.push(format!("{relative}:{line}: {} {}", f.code, f.message));
                }
            }
            if found
                .iter()
                .any(|f| f.code == "colossus/unsupported-dialect")
            {
                noted.push(relative);
            } else {
                read.push(relative);
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(known, ["Jungle", "Moutains"]);
    let nov_noted: Vec<&String> = noted.iter().filter(|p| p.starts_with(NOV_2002)).collect();
    assert!(nov_noted.is_empty(), "{nov_noted:?}");
    let oct_read: Vec<&String> = read.iter().filter(|p| p.starts_with(OCT_2003)).collect();
    let misread: Vec<&&String> = oct_read.iter().filter(|p| !read_in_2003(p)).collect();
    assert!(
        misread.is_empty(),
        "read, yet not in a format read in 2003-10: {misread:?}"
    );
    let unread: Vec<&String> = noted.iter().filter(|p| read_in_2003(p)).collect();
    assert!(unread.is_empty(), "2003-10 files with the note: {unread:?}");
    assert_eq!(read.len() - oct_read.len(), 132);
    assert_eq!(oct_read.len() + noted.len(), 163);
}

/// Whether Retroboard reads a file of the 2003-10 corpus in its dialect: every one, its MAP,
/// TER and battlelands (terrain names) and its CRE and VAR (as in 2002-11).
fn read_in_2003(relative: &str) -> bool {
    relative.starts_with(OCT_2003)
}

/// Abyssal9.map is 24 × 16: the 2002-11 game reads up to 60 × 32, and says so when a map is
/// larger.
#[test]
fn map_size_follows_the_era() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let map = format!("{NOV_2002}/Abyssal9/Abyssal9.map");
    let (_, found) = mutated(&root, &map, |t| t.replacen("24 16", "61 16", 1), &map);
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/size-out-of-range");
    assert_eq!(
        faults[0].message,
        "the map size 61 × 16 is out of range: the game accepts widths 15–60 and heights 8–32 \
(\"MasterBoard size out of range\")"
    );
}

/// SmallTitan has three towers for its three players (`MAXPLAYERS:3`); asking for four
/// players leaves one without a tower.
#[test]
fn towers_are_counted_against_maxplayers() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let (_, found) = mutated(
        &root,
        &format!("{NOV_2002}/SmallTitan/SmallTitan.var"),
        |t| t.replacen("MAXPLAYERS:3", "MAXPLAYERS:4", 1),
        &format!("{NOV_2002}/SmallTitan/SmallTitan.map"),
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/too-few-towers");
    assert_eq!(
        faults[0].message,
        "the map has 3 tower hexes (terrain T: its battleland has a TOWER line); with fewer \
towers than players (up to 4, MAXPLAYERS: in SmallTitan.var) some players start without one: \
add tower hexes"
    );
}

/// Badlands-JDG's towers are T and u (TowerAlt), both battlelands with a `TOWER` line:
/// without that line in TowerAlt, only the three T hexes are towers.
#[test]
fn towers_are_the_terrains_whose_battleland_says_tower() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let (_, found) = mutated(
        &root,
        &format!("{NOV_2002}/Badlands-JDG/Battlelands/TowerAlt"),
        |t| {
            t.lines()
                .filter(|l| l.trim() != "TOWER")
                .map(|l| format!("{l}\n"))
                .collect()
        },
        &format!("{NOV_2002}/Badlands-JDG/Badlands-JDG.map"),
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(
        faults[0].message,
        "the map has 3 tower hexes (terrain T: its battleland has a TOWER line); with fewer \
towers than players (up to 6) some players start without one: add tower hexes"
    );
}

/// An exit to a hex no line has, in a 2002-11 map: caught on its line.
#[test]
fn exit_to_a_missing_hex_in_a_later_map() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let map = format!("{NOV_2002}/Abyssal9/Abyssal9.map");
    let original = std::fs::read_to_string(root.join(&map)).unwrap();
    // The second exit of the first hex that has one (the first exits keep every hex reached)
    // leads to 9999.
    let (row, line) = original
        .lines()
        .enumerate()
        .skip(1)
        .find(|(_, l)| l.split_whitespace().nth(4).is_some_and(|e| e != "0"))
        .unwrap();
    let mut fields: Vec<&str> = line.split_whitespace().collect();
    fields[4] = "9999";
    let changed_line = fields.join("\t");
    let (text, found) = mutated(&root, &map, |t| t.replacen(line, &changed_line, 1), &map);
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/unknown-exit");
    assert_eq!(line_of(&text, faults[0]), row + 1);
    assert!(faults[0].message.contains("9999"), "{}", faults[0].message);
}

/// Elevation 3 is the 2002-11 game's (JDG's mountains); 4 is not.
#[test]
fn elevation_follows_the_era() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let land = format!("{NOV_2002}/Badlands-JDG/Battlelands/MountainsAlt");
    let (text, found) = mutated(
        &root,
        &land,
        |t| t.replacen("2 3 v 3 ", "2 3 v 4 ", 1),
        &land,
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/elevation");
    assert_eq!(
        faults[0].message,
        "elevation 4 is outside 0–3, the heights the game's battle rules are made for"
    );
    assert_eq!(&text[faults[0].range.clone()], "4");
}

/// A 2003-10 battleland names its hex terrains: a misspelt name, or a letter of the older
/// format (the game's TERRAIN token where it wants a name), is caught on its line; a hexside out
/// of range too.
#[test]
fn bad_terrain_and_hexside_in_a_2003_10_battleland() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let land = format!("{OCT_2003}/Pantheon/Battlelands/Brush");
    let (text, found) = mutated(
        &root,
        &land,
        |t| t.replacen("0 4 Brambles 0", "0 4 Bramble 0", 1),
        &land,
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/battle-terrain");
    assert_eq!(line_of(&text, faults[0]), 2);
    assert_eq!(
        faults[0].message,
        "“Bramble” is not a battle hex terrain; the game of 2003-10 knows Plains, Tower, Brambles, \
Sand, Tree, Bog, Volcano, Drift, Lake, Stone (names are case-sensitive); did you mean “Brambles”?"
    );

    let (text, found) = mutated(
        &root,
        &land,
        |t| t.replacen("1 3 Brambles 0", "1 3 r 0", 1),
        &land,
    );
    let faults = self::faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/battle-terrain");
    assert_eq!(line_of(&text, faults[0]), 3);
    assert_eq!(&text[faults[0].range.clone()], "r");

    let (text, found) = mutated(
        &root,
        &land,
        |t| t.replacen("3 3 Brambles 1 0 s", "3 3 Brambles 1 6 s", 1),
        &land,
    );
    let faults = self::faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/hexside");
    assert_eq!(line_of(&text, faults[0]), 9);
    assert_eq!(&text[faults[0].range.clone()], "6");
}

/// A 2002-11 VAR (with HINT: and MAXPLAYERS:) naming a MAP that is not there: caught on its
/// line.
#[test]
fn var_pointing_at_a_missing_file() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let var = format!("{NOV_2002}/SmallTitan/SmallTitan.var");
    let (text, found) = mutated(
        &root,
        &var,
        |t| t.replacen("MAP:SmallTitan.map", "MAP:SmallTitn.map", 1),
        &var,
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/missing-file");
    assert_eq!(line_of(&text, faults[0]), 1);
    assert!(
        faults[0].message.starts_with("SmallTitn.map is not found"),
        "{}",
        faults[0].message
    );
}

/// A STARTLIST hex off the battle map (A5: column A has A1-A3) in Default's 2002-11 Tower.
#[test]
fn startlist_hex_off_the_battle_map() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let land = format!("{NOV_2002}/Default/Battlelands/Tower");
    let (text, found) = mutated(&root, &land, |t| t.replacen("E3 D5", "E3 A5", 1), &land);
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/startlist");
    assert_eq!(&text[faults[0].range.clone()], "A5");
    assert!(
        text.lines()
            .nth(line_of(&text, faults[0]) - 1)
            .unwrap()
            .starts_with("STARTLIST")
    );
}

/// A 2002-11 creature line missing one of its 16 flags (Balrog.cre, whose lines carry a base
/// colour and a Special: class): one error on that line, counting the flags.
#[test]
fn creature_line_missing_a_flag() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let cre = format!("{NOV_2002}/Balrog/Balrog.cre");
    let original = std::fs::read_to_string(root.join(&cre)).unwrap();
    let (row, line) = original
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with("Balrog100"))
        .unwrap();
    let changed = line.replacen("false ", "", 1);
    let (text, found) = mutated(&root, &cre, |t| t.replacen(line, &changed, 1), &cre);
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(line_of(&text, faults[0]), row + 1);
    assert_eq!(
        faults[0].message,
        "Balrog100 has 15 true/false flags; a creature line has 16 (fields 4–19: rangestrikes, \
flies, native to bramble, drift, bog, sand dune, slope, volcano, river, stone, tree, water \
dwelling, magic missile, summonable, lord, demilord): add the missing one"
    );
}

/// A misspelt creature in a recruit chain of the 2002-11 Default.ter, checked against the
/// 2002-11 Default.cre.
#[test]
fn misspelt_creature_in_a_recruit_chain() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let ter = format!("{NOV_2002}/Default/Default.ter");
    let (text, found) = mutated(&root, &ter, |t| t.replacen("Cyclops", "Cyclop", 1), &ter);
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/unknown-creature");
    assert_eq!(&text[faults[0].range.clone()], "Cyclop");
    assert!(
        faults[0].message.contains("Cyclops"),
        "{}",
        faults[0].message
    );
}

/// From 2002-11 a creature of a recruit chain or an acquirable may hold digits, as the
/// Balrog variant's CRE names Balrog100 … Balrog600: read whole, and a misspelt one is caught
/// with the near name.
#[test]
fn creature_with_digits_in_a_2002_11_recruit_chain() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let ter = format!("{NOV_2002}/Balrog/Balrog.ter");
    let added = |creature: &'static str| {
        move |t: &str| {
            t.replacen(
                "1 Warlock 0 Special:",
                &format!("1 Warlock 2 {creature} 0 Special:"),
                1,
            )
            .replacen("500 Archangel", &format!("500 Archangel 600 {creature}"), 1)
        }
    };
    let (_, found) = mutated(&root, &ter, added("Balrog100"), &ter);
    assert_eq!(faults(&found), Vec::<&Finding>::new());

    let (text, found) = mutated(&root, &ter, added("Balrg100"), &ter);
    let faults = faults(&found);
    assert_eq!(faults.len(), 2, "{faults:?}");
    assert!(faults.iter().all(|f| f.code == "colossus/unknown-creature"));
    assert!(faults.iter().all(|f| &text[f.range.clone()] == "Balrg100"));
    assert!(
        faults[0].message.contains("did you mean “Balrog100”"),
        "{}",
        faults[0].message
    );
}

/// A terrain letter no terrain of the TER has, on a hex of the 2002-11 Default.map.
#[test]
fn undefined_terrain_on_a_later_map() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let map = format!("{NOV_2002}/Default/Default.map");
    let original = std::fs::read_to_string(root.join(&map)).unwrap();
    let (row, line) = original
        .lines()
        .enumerate()
        .skip(1)
        .find(|(_, l)| l.split_whitespace().nth(1) == Some("P"))
        .unwrap();
    let mut fields: Vec<&str> = line.split_whitespace().collect();
    fields[1] = "Q";
    let changed = fields.join("\t");
    let (text, found) = mutated(&root, &map, |t| t.replacen(line, &changed, 1), &map);
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/unknown-terrain");
    assert_eq!(line_of(&text, faults[0]), row + 1);
}

/// TITANIMPROVE must be above 0 (the 2002-11 loader throws "Wrong Value for Titan
/// Improvement"): in Undead.ter, caught on its line.
#[test]
fn titan_improve_of_zero() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let ter = format!("{NOV_2002}/Undead/Undead.ter");
    let (text, found) = mutated(
        &root,
        &ter,
        |t| t.replacen("TITANIMPROVE 75", "TITANIMPROVE 0", 1),
        &ter,
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert!(
        text.lines()
            .nth(line_of(&text, faults[0]) - 1)
            .unwrap()
            .starts_with("TITANIMPROVE")
    );
    assert_eq!(
        faults[0].message,
        "TITANIMPROVE takes a number of points above 0, not 0; the game stops loading the file \
(\"Wrong Value for Titan Improvement\"): write a positive number"
    );
}

/// A 2003-10 map names its terrains; a name the game's lexer cannot read (a digit first, a
/// dash) is caught on its line, with what a terrain name must be.
#[test]
fn bad_terrain_name_in_a_2003_10_map() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let map = format!("{OCT_2003}/Pantheon/Pantheon.map");
    let (text, found) = mutated(
        &root,
        &map,
        |t| t.replacen("2\tWoods\t3", "2\tWoods-Alt\t3", 1),
        &map,
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/syntax-error");
    assert_eq!(line_of(&text, faults[0]), 4);
    assert!(
        faults[0].message.contains("terrain name"),
        "{}",
        faults[0].message
    );
}

/// An exit to a hex no line has, in a 2003-10 map (terrain names with digits, Random.map):
/// caught on its line; the map's size follows the era (60 × 32).
#[test]
fn exit_to_a_missing_hex_and_size_in_a_2003_10_map() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let map = format!("{OCT_2003}/Random/Random.map");
    let (text, found) = mutated(
        &root,
        &map,
        |t| t.replacen("3\tBrush1\t4\tARROWS", "3\tBrush1\t9999\tARROWS", 1),
        &map,
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/unknown-exit");
    assert_eq!(line_of(&text, faults[0]), 3);
    assert!(faults[0].message.contains("9999"), "{}", faults[0].message);

    let (_, found) = mutated(&root, &map, |t| t.replacen("15 8", "61 8", 1), &map);
    let sized = self::faults(&found);
    assert_eq!(sized.len(), 1, "{sized:?}");
    assert_eq!(sized[0].code, "colossus/size-out-of-range");
    assert_eq!(
        sized[0].message,
        "the map size 61 × 8 is out of range: the game accepts widths 15–60 and heights 8–32 \
(\"MasterBoard size out of range\")"
    );
}

/// A 2003-10 map naming a terrain its TER does not define: caught on the hex's line, with the
/// TER's names and the near one.
#[test]
fn undefined_terrain_name_on_a_2003_10_map() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let map = format!("{OCT_2003}/Default/Default.map");
    let (text, found) = mutated(
        &root,
        &map,
        |t| t.replacen("2\tWoods\t3", "2\tWods\t3", 1),
        &map,
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/unknown-terrain");
    assert_eq!(line_of(&text, faults[0]), 4);
    assert_eq!(&text[faults[0].range.clone()], "Wods");
    assert_eq!(
        faults[0].message,
        "terrain Wods of hex 2 is not defined in Default/Default.ter (terrains: Brush Desert Hills Jungle \
Marsh Mountains Plains Swamp Tower Tundra Woods); names are case-sensitive; did you mean “Woods”?"
    );
}

/// A misspelt creature in a 2003-10 TER recruit chain: caught on its line.
#[test]
fn misspelt_creature_in_a_2003_10_recruit_chain() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let ter = format!("{OCT_2003}/Default/Default.ter");
    let (text, found) = mutated(&root, &ter, |t| t.replacen("2 Gorgon", "2 Gorgn", 1), &ter);
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/unknown-creature");
    assert_eq!(line_of(&text, faults[0]), 1);
    assert_eq!(
        faults[0].message,
        "there is no creature called Gorgn in Default/Default.cre (names are case-sensitive); did you \
mean “Gorgon”?"
    );
}

/// A terrain line with a letter in a 2003-10 TER (the game reads the letter as the colour and
/// fails), and a terrain defined twice by name: each caught on its line.
#[test]
fn letter_line_and_duplicate_name_in_a_2003_10_ter() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let ter = format!("{OCT_2003}/Default/Default.ter");
    let (text, found) = mutated(
        &root,
        &ter,
        |t| t.replacen("orange      Desert", "D orange Desert", 1),
        &ter,
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/syntax-error");
    assert_eq!(line_of(&text, faults[0]), 3);
    assert!(
        faults[0]
            .message
            .starts_with("this terrain line starts with a letter (D)"),
        "{}",
        faults[0].message
    );

    let (text, found) = mutated(
        &root,
        &ter,
        |t| t.replacen("orange      Desert", "orange      Hills", 1),
        &ter,
    );
    let faults = self::faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/duplicate-terrain");
    assert_eq!(line_of(&text, faults[0]), 5);
    assert_eq!(
        faults[0].message,
        "terrain Hills is defined twice (first on line 3); the game keeps this later definition \
and lists the terrain twice: use another name"
    );
}

/// The 2003-10 Pantheon.map is drawn with its TER's colours by terrain name, its six towers
/// counted by their battlelands, and a legend of the names (it was 96 grey hexes).
#[test]
fn a_2003_10_masterboard_is_drawn_by_terrain_name() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let path = root.join(format!("{OCT_2003}/Pantheon/Pantheon.map"));
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = Document::new(detect(Some(&path), &text), &text).with_path(Some(path.clone()));
    let preview = retroboard::render::preview(&doc, &DiskFiles);
    assert_eq!(
        preview.title,
        "Pantheon.map — masterboard, 96 hexes, 6 towers"
    );
    // The drawing's legend names the terrains, each after a swatch of its colour (Mantio is
    // the TER's pink); the terminal's gives each name its character.
    for name in ["Brush", "Desert", "Jungle", "Mountains", "Swamp", "Woods"] {
        assert!(
            preview
                .svg
                .contains(&format!("class='ink' fill='#111111'>{name}</text>")),
            "{}",
            preview.svg
        );
    }
    let mantio = preview.svg.find(">Mantio</text>").unwrap();
    let swatch = &preview.svg[preview.svg[..mantio].rfind("<rect").unwrap()..mantio];
    assert!(swatch.contains("fill='#ffc0cb'"), "{swatch}");
    assert!(
        preview.text.contains(
            "B Brush · D Desert · H Hills · J Jungle · M Mantio · m Marsh · o Mountains\n\
P Plains · S Swamp · T Tower · t Tundra · W Woods"
        ),
        "{}",
        preview.text
    );
    assert!(!preview.svg.contains("rgb(200,200,200)") && !preview.svg.contains("#c8c8c8"));
}

/// The real mistakes of Undead.ter (2003-10): two acquirables restricted to terrains the TER
/// has no line for, each a warning on its name, the misspelt one with the near name as its fix.
#[test]
fn acquirable_restricted_to_an_undefined_terrain_name_in_undead() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let path = root.join(format!("{OCT_2003}/Undead/Undead.ter"));
    let text = std::fs::read_to_string(&path).unwrap();
    let found = findings(&path, &text, &DiskFiles);
    let faults = faults(&found);
    let shown: Vec<(usize, &str, &str)> = faults
        .iter()
        .map(|f| (line_of(&text, f), f.code, &text[f.range.clone()]))
        .collect();
    assert_eq!(
        shown,
        [
            (30, "colossus/unknown-acquirable-terrain", "Jungle"),
            (30, "colossus/unknown-acquirable-terrain", "Moutains"),
        ]
    );
    assert_eq!(
        faults[1].message,
        "Efreet is restricted to terrain Moutains, but no terrain line has that name (names are \
case-sensitive), so the game never offers it there; did you mean “Mountains”? (terrains here: \
Ruins Desert Hills Tombs Marsh Mountains Plains Swamp Tundra Woods Tower)"
    );
    // The replacements offered (beside the fix that adds a suppression comment).
    let replacements = |f: &Finding| -> Vec<String> {
        f.fixes
            .iter()
            .flat_map(|f| f.edits.iter().map(|e| e.insert.clone()))
            .filter(|insert| !insert.starts_with('#'))
            .collect()
    };
    assert_eq!(replacements(faults[1]), ["Mountains"]);
    assert!(replacements(faults[0]).is_empty());
}

/// A misspelt terrain name in an ACQUIRABLE restriction of a 2003-10 TER (ExtTitan, whose four
/// restrictions are all defined): caught on its line; the real file is clean.
#[test]
fn misspelt_acquirable_terrain_name_in_a_2003_10_ter() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let ter = format!("{OCT_2003}/ExtTitan/ExtTitan.ter");
    let path = root.join(&ter);
    let clean = std::fs::read_to_string(&path).unwrap();
    assert!(faults(&findings(&path, &clean, &DiskFiles)).is_empty());
    let (text, found) = mutated(
        &root,
        &ter,
        |t| t.replacen("FireElemental Desert", "FireElemental Desrt", 1),
        &ter,
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/unknown-acquirable-terrain");
    assert_eq!(line_of(&text, faults[0]), 25);
    assert_eq!(&text[faults[0].range.clone()], "Desrt");
    assert!(
        faults[0].message.contains("did you mean “Desert”?"),
        "{}",
        faults[0].message
    );
}

/// The disk without one file.
struct Without(PathBuf);

impl Files for Without {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        (path != self.0).then(|| DiskFiles.read(path)).flatten()
    }

    fn exists(&self, path: &Path) -> bool {
        path != self.0 && DiskFiles.exists(path)
    }
}

/// A 2003-10 terrain on the map whose battleland file is missing (Pantheon's Mantio, which no
/// other variant has): a note on its name in the TER, by name; with the file, none.
#[test]
fn missing_battleland_of_a_2003_10_terrain_name() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let path = root.join(format!("{OCT_2003}/Pantheon/Pantheon.ter"));
    let text = std::fs::read_to_string(&path).unwrap();
    let missing = |found: &[Finding]| -> Vec<(usize, String)> {
        found
            .iter()
            .filter(|f| f.code == "colossus/missing-battleland")
            .map(|f| (line_of(&text, f), text[f.range.clone()].to_string()))
            .collect()
    };
    assert!(missing(&findings(&path, &text, &DiskFiles)).is_empty());
    let hidden = Without(root.join(format!("{OCT_2003}/Pantheon/Battlelands/Mantio")));
    let found = findings(&path, &text, &hidden);
    assert_eq!(missing(&found), [(24, "Mantio".to_string())]);
    let note = found
        .iter()
        .find(|f| f.code == "colossus/missing-battleland")
        .unwrap();
    assert_eq!(note.severity, Severity::Information);
    assert_eq!(
        note.message,
        "terrain Mantio has 6 hexes on the map but no battleland file named Mantio (looked in \
Pantheon/Battlelands, ExtTitan/Battlelands, Default/Battlelands); its battles are fought on plain ground"
    );
}

/// A 2003-10 tower terrain (its battleland says TOWER) whose line gives fewer than three
/// starting creatures: an error on its name; the real Pantheon Tower line gives five.
#[test]
fn tower_starters_of_a_2003_10_tower_terrain() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let ter = format!("{OCT_2003}/Pantheon/Pantheon.ter");
    let (text, found) = mutated(
        &root,
        &ter,
        |t| {
            t.replacen(
                "0 Anything 0 Centaur 0 Anything 0 Gargoyle 0 Anything 0  Ogre",
                "-1 Centaur -1 Gargoyle -1 Ogre",
                1,
            )
        },
        &ter,
    );
    let faults = faults(&found);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].code, "colossus/tower-starters");
    assert_eq!(line_of(&text, faults[0]), 22);
    assert_eq!(&text[faults[0].range.clone()], "Tower");
    assert!(
        faults[0]
            .message
            .starts_with("Tower is a tower terrain (its battleland has a TOWER line) and gives 2 starting creatures (Guardian, Warlock);"),
        "{}",
        faults[0].message
    );
    // Mantio gives no starters either, but its battleland has no TOWER line: not a tower.
    assert!(text.contains("pink      Mantio      false\t-1 Titan"));
}

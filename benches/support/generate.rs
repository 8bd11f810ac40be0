//! Large inputs for the benchmarks, one per format family, made to size: deterministic text
//! shaped like real files (valid where the game's limits allow), so checks do their full work.

use retroboard::registry::FormatId;

/// Makes text of about this many bytes.
pub type Generator = fn(usize) -> String;

/// The families' large inputs: a name, the format and a generator.
pub const LARGE: &[(&str, FormatId, Generator)] = &[
    ("crossmines", FormatId::CrossminesPattern, crossmines),
    ("patience", FormatId::PatienceGame, patience),
    ("othello", FormatId::OthelloBord, othello),
    ("colossus-cre", FormatId::ColossusCre, colossus_cre),
    ("peg", FormatId::PegBrd, peg),
];

/// The largest text of whole lines of `text` within its format's bound: the worst file
/// Retroboard reads whole (made from a generated input larger than the bound).
pub fn inside_bound(format: FormatId, text: &str) -> String {
    retroboard::syntax::Document::new(Some(format), text)
        .rope()
        .to_string()
}

/// A pattern of one-square cells, holes and bridges, 1000 squares wide.
pub fn crossmines(bytes: usize) -> String {
    let width = 1000;
    let rows = (bytes / (width + 2)).max(1);
    let mut out = format!(
        "1\r\nRetroboard\r\nGenerated\r\nOne-square cells.\r\n{width}\r\n{rows}\r\n{width}\r\n{rows}\r\n{width}\r\n{rows}\r\n"
    );
    let row: String = "00-0#0".chars().cycle().take(width).collect();
    for _ in 0..rows {
        out.push_str(&row);
        out.push_str("\r\n");
    }
    out
}

/// A game of many tableau piles (past the game's 150, so one finding says so).
pub fn patience(bytes: usize) -> String {
    let line = "  1  83 310   0  16    2 999   1 2001 999 114\r\n";
    let piles = (bytes / line.len()).max(3);
    let mut out = format!(
        "Generated\r\n  8 {piles}\r\n416   4   4   0   0    0 999   1  999   0   2\r\n  0   4 108   0   2    2 999   1    0   0   0\r\n"
    );
    for _ in 2..piles {
        out.push_str(line);
    }
    out
}

/// A board followed by extra lines (the format is 8 × 8; its checks see every line).
pub fn othello(bytes: usize) -> String {
    let mut out = String::from(
        "28\r4\rD4D5E4E5\r000000000000000000000000000WB000000BW000000000000000000000000000\r\u{a9} 1996 Retroboard\r",
    );
    while out.len() < bytes {
        out.push_str("extra line the game ignores\r");
    }
    out
}

/// A creature file of many creatures, each with its own name.
pub fn colossus_cre(bytes: usize) -> String {
    let mut out = String::from(
        "Angel 6 4 false true false false false false false false false false true true false 18 Angels\n",
    );
    let mut i = 0;
    while out.len() < bytes {
        let name = letters(i);
        out.push_str(&format!(
            "Creature{name} 4 3 false false true false false false false false false false false false false 25 Creatures{name}\n"
        ));
        i += 1;
    }
    out
}

/// A number written in letters (creature names have no digits): 0 → a, 26 → ba.
fn letters(mut n: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'a' + (n % 26) as u8);
        n /= 26;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// A v1 board of 1000 columns: one goal, the rest stones.
pub fn peg(bytes: usize) -> String {
    let width = 1000;
    let rows = (bytes / (width + 2)).max(1);
    let mut out = String::from("1N~\r\n");
    out.push('E');
    out.push_str(&"2".repeat(width - 1));
    out.push_str("!\r\n");
    for _ in 1..rows {
        out.push_str(&"2".repeat(width));
        out.push_str("\r\n");
    }
    out
}

//! Peg boards the tests of the solver's budget share.

/// A 9×9 board full but for its centre (81 holes, no goal), as a version 2 file with CRLF line
/// ends: no search of a few thousand positions decides it.
pub fn undecided_board() -> String {
    let mut text = String::from("version 2\r\nmode: normal\r\n");
    for row in 0..9 {
        let holes: Vec<&str> = (0..9)
            .map(|col| if (row, col) == (4, 4) { "e" } else { "r" })
            .collect();
        text.push_str(&holes.join(" "));
        text.push_str("\r\n");
    }
    text
}

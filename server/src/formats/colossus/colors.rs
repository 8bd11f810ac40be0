//! The colour names Colossus knows (its HTMLColor class, looked up by reflection, so the
//! names are case-sensitive), with their RGB values for the previews.

/// `(name, [red, green, blue])`, sorted by name.
pub const COLORS: &[(&str, [u8; 3])] = &[
    ("BlackColossus", [0, 0, 0]),
    ("BlueColossus", [16, 24, 123]),
    ("BrownColossus", [90, 33, 33]),
    ("GoldColossus", [165, 148, 49]),
    ("GreenColossus", [24, 173, 66]),
    ("RedColossus", [189, 0, 24]),
    ("aliceBlue", [240, 248, 255]),
    ("antiqueWhite", [250, 235, 215]),
    ("aquamarine", [127, 255, 212]),
    ("azure", [240, 255, 255]),
    ("behemothGreen", [2, 129, 2]),
    ("beige", [245, 245, 220]),
    ("bisque", [255, 228, 196]),
    ("black", [0, 0, 0]),
    ("blanchedAlmond", [255, 235, 205]),
    ("blue", [0, 0, 255]),
    ("blueViolet", [138, 43, 226]),
    ("brown", [165, 42, 42]),
    ("burlyWood", [222, 184, 135]),
    ("cadetBlue", [95, 158, 160]),
    ("centaurGold", [129, 129, 1]),
    ("chartReuse", [127, 255, 0]),
    ("chocolate", [210, 105, 30]),
    ("colossusPink", [207, 6, 207]),
    ("coral", [255, 127, 80]),
    ("cornflowerBlue", [100, 149, 237]),
    ("cornsilk", [255, 248, 220]),
    ("crimson", [237, 164, 61]),
    ("cyan", [0, 255, 255]),
    ("darkBlue", [0, 0, 139]),
    ("darkCyan", [0, 139, 139]),
    ("darkGoldenRod", [184, 134, 11]),
    ("darkGray", [167, 167, 167]),
    ("darkGreen", [0, 100, 0]),
    ("darkKhaki", [189, 183, 107]),
    ("darkMagenta", [139, 0, 139]),
    ("darkOliveGreen", [85, 107, 47]),
    ("darkOrange", [255, 140, 0]),
    ("darkOrchid", [153, 50, 204]),
    ("darkRed", [139, 0, 0]),
    ("darkSalmon", [233, 150, 122]),
    ("darkSeaGreen", [143, 188, 143]),
    ("darkSlateBlue", [72, 61, 139]),
    ("darkSlateGray", [47, 79, 79]),
    ("darkTurquoise", [0, 206, 209]),
    ("darkViolet", [148, 0, 211]),
    ("darkYellow", [200, 200, 0]),
    ("deepPink", [255, 20, 147]),
    ("deepSkyBlue", [0, 191, 255]),
    ("dimGray", [105, 105, 105]),
    ("dodgerBlue", [30, 144, 255]),
    ("fireBrick", [178, 34, 34]),
    ("floralWhite", [255, 250, 240]),
    ("forestGreen", [34, 139, 34]),
    ("gainsboro", [220, 220, 220]),
    ("ghostWhite", [248, 248, 255]),
    ("giantBlue", [3, 3, 213]),
    ("gold", [255, 215, 0]),
    ("goldenRod", [218, 165, 32]),
    ("green", [0, 255, 0]),
    ("greenYellow", [173, 255, 47]),
    ("grey", [190, 190, 190]),
    ("honeyDew", [240, 255, 240]),
    ("hotPink", [255, 105, 180]),
    ("hydraOrange", [255, 132, 21]),
    ("indianRed", [205, 92, 92]),
    ("indigo", [75, 0, 130]),
    ("ivory", [255, 255, 240]),
    ("khaki", [240, 230, 140]),
    ("lavender", [230, 230, 250]),
    ("lavenderBlush", [255, 240, 245]),
    ("lawnGreen", [124, 252, 0]),
    ("lemonChiffon", [255, 250, 205]),
    ("lightBlue", [173, 216, 230]),
    ("lightCoral", [240, 128, 128]),
    ("lightCyan", [224, 255, 255]),
    ("lightGoldenRod", [238, 221, 130]),
    ("lightGoldenRodYellow", [250, 250, 210]),
    ("lightGray", [211, 211, 211]),
    ("lightGreen", [144, 238, 144]),
    ("lightOlive", [150, 150, 0]),
    ("lightPink", [255, 182, 193]),
    ("lightSalmon", [255, 160, 122]),
    ("lightSeaGreen", [32, 178, 170]),
    ("lightSkyBlue", [135, 206, 250]),
    ("lightSlateBlue", [132, 112, 255]),
    ("lightSlateGray", [119, 136, 153]),
    ("lightSteelBlue", [176, 196, 222]),
    ("lightYellow", [255, 255, 224]),
    ("limeGreen", [50, 205, 50]),
    ("linen", [250, 240, 230]),
    ("magenta", [255, 0, 255]),
    ("maroon", [176, 48, 96]),
    ("mediumAquaMarine", [102, 205, 170]),
    ("mediumBlue", [0, 0, 205]),
    ("mediumOrchid", [186, 85, 211]),
    ("mediumPurple", [147, 112, 219]),
    ("mediumSeaGreen", [60, 179, 113]),
    ("mediumSlateBlue", [123, 104, 238]),
    ("mediumSpringGreen", [0, 250, 154]),
    ("mediumTurquoise", [72, 209, 204]),
    ("mediumVioletRed", [199, 21, 133]),
    ("midnightBlue", [25, 25, 112]),
    ("mintCream", [245, 255, 250]),
    ("mistyRose", [255, 228, 225]),
    ("moccasin", [255, 228, 181]),
    ("navajoWhite", [255, 222, 173]),
    ("navy", [0, 0, 128]),
    ("ogreRed", [128, 0, 0]),
    ("oldLace", [253, 245, 230]),
    ("olive", [128, 128, 0]),
    ("oliveDrab", [107, 142, 35]),
    ("orange", [255, 165, 0]),
    ("orangeRed", [255, 69, 0]),
    ("orchid", [218, 112, 214]),
    ("paleGoldenRod", [238, 232, 170]),
    ("paleGreen", [152, 251, 152]),
    ("paleTurquoise", [175, 238, 238]),
    ("paleVioletRed", [219, 112, 147]),
    ("papayaWhip", [255, 239, 213]),
    ("peachPuff", [255, 218, 185]),
    ("peru", [205, 133, 63]),
    ("pink", [255, 192, 203]),
    ("plum", [221, 160, 221]),
    ("powderBlue", [176, 224, 230]),
    ("purple", [160, 32, 240]),
    ("red", [255, 0, 0]),
    ("rosyBrown", [188, 143, 143]),
    ("royalBlue", [65, 105, 225]),
    ("saddleBrown", [139, 69, 19]),
    ("salmon", [250, 128, 114]),
    ("sandyBrown", [244, 164, 96]),
    ("seaGreen", [46, 139, 87]),
    ("seaShell", [255, 245, 238]),
    ("sienna", [160, 82, 45]),
    ("silver", [230, 232, 250]),
    ("skyBlue", [135, 206, 235]),
    ("slateBlue", [106, 90, 205]),
    ("slateGray", [112, 128, 144]),
    ("snow", [255, 250, 250]),
    ("springGreen", [0, 255, 127]),
    ("steelBlue", [70, 130, 180]),
    ("tan", [210, 180, 140]),
    ("teal", [0, 128, 128]),
    ("thistle", [216, 191, 216]),
    ("tomato", [255, 99, 71]),
    ("turquoise", [64, 224, 208]),
    ("violet", [238, 130, 238]),
    ("violetRed", [208, 32, 144]),
    ("wheat", [245, 222, 179]),
    ("white", [255, 255, 255]),
    ("whiteSmoke", [245, 245, 245]),
    ("yellow", [255, 255, 0]),
    ("yellowGreen", [154, 205, 50]),
];

/// The RGB value of a colour name, exactly as the game looks it up.
pub fn rgb(name: &str) -> Option<[u8; 3]> {
    COLORS
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|i| COLORS[i].1)
}

/// The colour the game paints a terrain written with colour `name`: its RGB value, or black for
/// a name it does not know (its loader of the terrain record only prints
/// `I know nothing about color "x"`).
pub fn drawn(name: &str) -> [u8; 3] {
    rgb(name).unwrap_or([0, 0, 0])
}

/// The colour names nearest to `rgb`, nearest first, at most `count`: what a colour picker
/// offers for a colour chosen. Names of one colour come in the table's order, except that
/// `written` (the name the file holds) comes before the others of its distance: picking the
/// colour of the name written offers that name first.
pub fn nearest_names(rgb: [u8; 3], written: &str, count: usize) -> Vec<&'static str> {
    let mut names: Vec<(u32, bool, &'static str)> = COLORS
        .iter()
        .map(|&(name, color)| (distance(rgb, color), name != written, name))
        .collect();
    // A stable sort: the table's order within a tie.
    names.sort_by_key(|&(distance, other, _)| (distance, other));
    names.into_iter().take(count).map(|(_, _, n)| n).collect()
}

/// How far apart two colours look: the squared distance of their channels, red and blue
/// weighted by how red they are, green most (the low-cost "redmean" approximation of how the eye
/// weighs them). Zero only for the same colour.
fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let mean = (u32::from(a[0]) + u32::from(b[0])) / 2;
    let squared = |i: usize| u32::from(a[i].abs_diff(b[i])).pow(2);
    (((512 + mean) * squared(0)) >> 8) + 4 * squared(1) + (((767 - mean) * squared(2)) >> 8)
}

#[cfg(test)]
mod tests {
    #[test]
    fn nearest_names_put_the_written_name_first_among_its_colour() {
        // BlackColossus and black are the same colour, BlackColossus first in the table.
        assert_eq!(
            super::nearest_names([0, 0, 0], "black", 2),
            ["black", "BlackColossus"]
        );
        assert_eq!(
            super::nearest_names([0, 0, 0], "x", 2),
            ["BlackColossus", "black"]
        );
        assert_eq!(
            super::nearest_names([1, 0, 0], "", 2),
            ["BlackColossus", "black"]
        );
        // Nearest first: a red a little darker than the game's red.
        assert_eq!(super::nearest_names([250, 2, 3], "", 1), ["red"]);
        assert_eq!(super::nearest_names([139, 69, 20], "", 1), ["saddleBrown"]);
    }

    #[test]
    fn only_the_same_colour_is_at_distance_zero() {
        for &(_, a) in super::COLORS {
            for &(_, b) in super::COLORS {
                assert_eq!(super::distance(a, b) == 0, a == b, "{a:?} {b:?}");
            }
        }
        assert!(super::distance([0, 0, 0], [0, 0, 1]) > 0);
        assert!(super::distance([255, 255, 255], [254, 255, 255]) > 0);
    }

    #[test]
    fn names_are_case_sensitive() {
        assert_eq!(super::rgb("saddleBrown"), Some([139, 69, 19]));
        assert_eq!(super::rgb("grey"), Some([190, 190, 190]));
        assert_eq!(super::rgb("gray"), None);
        assert_eq!(super::rgb("Green"), None);
    }
}

//! Colossus boards for the preview: the masterboard as the game draws it (hex shape from the
//! parity of x + y), battlelands, recruit chains, the creature table and the resolved VAR.

mod battleland;
mod creatures;
mod masterboard;
mod recruits;
mod variant;

use battleland::battleland;
use creatures::creatures;
use masterboard::masterboard;
use recruits::recruit_chains;
use variant::resolved_var;

use crate::draw::Board;
use crate::findings::Finding;
use crate::formats::Files;
use crate::registry::FormatId;
use crate::syntax::Document;

pub(super) const SQRT3: f64 = 1.732_050_807_568_877_2;

pub fn board(doc: &Document, files: &dyn Files, findings: &[Finding]) -> Option<Board> {
    match doc.format()? {
        FormatId::ColossusMap => Some(masterboard(doc, files, findings)),
        FormatId::ColossusBattleland => Some(battleland(doc, files, findings)),
        FormatId::ColossusTer => Some(recruit_chains(doc, findings)),
        FormatId::ColossusCre => Some(creatures(doc, findings)),
        FormatId::ColossusVar => Some(resolved_var(doc, files, findings)),
        _ => None,
    }
}

pub(super) fn file_name(doc: &Document) -> String {
    doc.path().and_then(|p| p.file_name()).map_or_else(
        || "untitled".to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

pub(super) fn center(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len().max(1) as f64;
    (
        points.iter().map(|p| p.0).sum::<f64>() / n,
        points.iter().map(|p| p.1).sum::<f64>() / n,
    )
}

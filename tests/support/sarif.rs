//! The shape of a SARIF 2.1.0 log, checked by hand against the parts of the OASIS schema
//! (sarif-schema-2.1.0.json, errata 01) that `retroboard check --format sarif` writes: for each
//! object its allowed properties (the schema's `additionalProperties: false`), its required ones
//! and the enumerations and minimums of its values. Objects Retroboard never writes are refused.

use serde_json::{Map, Value};

/// Panics with the JSON path of the first place `log` does not fit the schema.
pub fn validate(log: &Value) {
    let log = object(log, "$", SARIF_LOG, &["version", "runs"]);
    assert_eq!(log["version"], "2.1.0", "$.version");
    for (i, run) in array(&log["runs"], "$.runs").iter().enumerate() {
        validate_run(run, &format!("$.runs[{i}]"));
    }
}

const SARIF_LOG: &[&str] = &[
    "$schema",
    "version",
    "runs",
    "inlineExternalProperties",
    "properties",
];

const RUN: &[&str] = &[
    "tool",
    "invocations",
    "conversion",
    "language",
    "versionControlProvenance",
    "originalUriBaseIds",
    "artifacts",
    "logicalLocations",
    "graphs",
    "results",
    "automationDetails",
    "runAggregates",
    "baselineGuid",
    "redactionTokens",
    "defaultEncoding",
    "defaultSourceLanguage",
    "newlineSequences",
    "columnKind",
    "externalPropertyFileReferences",
    "threadFlowLocations",
    "taxonomies",
    "addresses",
    "translations",
    "policies",
    "webRequests",
    "webResponses",
    "specialLocations",
    "properties",
];

const TOOL: &[&str] = &["driver", "extensions", "properties"];

const TOOL_COMPONENT: &[&str] = &[
    "guid",
    "name",
    "organization",
    "product",
    "productSuite",
    "shortDescription",
    "fullDescription",
    "fullName",
    "version",
    "semanticVersion",
    "dottedQuadFileVersion",
    "releaseDateUtc",
    "downloadUri",
    "informationUri",
    "globalMessageStrings",
    "notifications",
    "rules",
    "taxa",
    "locations",
    "language",
    "contents",
    "isComprehensive",
    "localizedDataSemanticVersion",
    "minimumRequiredLocalizedDataSemanticVersion",
    "associatedComponent",
    "translationMetadata",
    "supportedTaxonomies",
    "properties",
];

const REPORTING_DESCRIPTOR: &[&str] = &[
    "id",
    "deprecatedIds",
    "guid",
    "deprecatedGuids",
    "name",
    "deprecatedNames",
    "shortDescription",
    "fullDescription",
    "messageStrings",
    "defaultConfiguration",
    "helpUri",
    "help",
    "relationships",
    "properties",
];

const REPORTING_CONFIGURATION: &[&str] = &["enabled", "level", "rank", "parameters", "properties"];

const MULTIFORMAT_MESSAGE: &[&str] = &["text", "markdown", "properties"];

const RESULT: &[&str] = &[
    "ruleId",
    "ruleIndex",
    "rule",
    "kind",
    "level",
    "message",
    "analysisTarget",
    "locations",
    "guid",
    "correlationGuid",
    "occurrenceCount",
    "partialFingerprints",
    "fingerprints",
    "stacks",
    "codeFlows",
    "graphs",
    "graphTraversals",
    "relatedLocations",
    "suppressions",
    "baselineState",
    "rank",
    "attachments",
    "hostedViewerUri",
    "workItemUris",
    "provenance",
    "fixes",
    "taxa",
    "webRequest",
    "webResponse",
    "properties",
];

const MESSAGE: &[&str] = &["text", "markdown", "id", "arguments", "properties"];

const LOCATION: &[&str] = &[
    "id",
    "physicalLocation",
    "logicalLocations",
    "message",
    "annotations",
    "relationships",
    "properties",
];

const PHYSICAL_LOCATION: &[&str] = &[
    "address",
    "artifactLocation",
    "region",
    "contextRegion",
    "properties",
];

const ARTIFACT_LOCATION: &[&str] = &["uri", "uriBaseId", "index", "description", "properties"];

const REGION: &[&str] = &[
    "startLine",
    "startColumn",
    "endLine",
    "endColumn",
    "charOffset",
    "charLength",
    "byteOffset",
    "byteLength",
    "snippet",
    "message",
    "sourceLanguage",
    "properties",
];

const SUPPRESSION: &[&str] = &[
    "guid",
    "kind",
    "status",
    "justification",
    "location",
    "properties",
];

const LEVELS: &[&str] = &["none", "note", "warning", "error"];

fn validate_run(run: &Value, at: &str) {
    let run = object(run, at, RUN, &["tool"]);
    if let Some(kind) = run.get("columnKind") {
        one_of(
            kind,
            &format!("{at}.columnKind"),
            &["utf16CodeUnits", "unicodeCodePoints"],
        );
    }
    let tool = object(&run["tool"], &format!("{at}.tool"), TOOL, &["driver"]);
    let driver_at = format!("{at}.tool.driver");
    let driver = object(&tool["driver"], &driver_at, TOOL_COMPONENT, &["name"]);
    string(&driver["name"], &format!("{driver_at}.name"));
    if let Some(rules) = driver.get("rules") {
        for (i, rule) in array(rules, &format!("{driver_at}.rules"))
            .iter()
            .enumerate()
        {
            let rule_at = format!("{driver_at}.rules[{i}]");
            let rule = object(rule, &rule_at, REPORTING_DESCRIPTOR, &["id"]);
            string(&rule["id"], &format!("{rule_at}.id"));
            for key in ["shortDescription", "fullDescription", "help"] {
                if let Some(text) = rule.get(key) {
                    let text_at = format!("{rule_at}.{key}");
                    let text = object(text, &text_at, MULTIFORMAT_MESSAGE, &["text"]);
                    string(&text["text"], &text_at);
                    if let Some(markdown) = text.get("markdown") {
                        string(markdown, &format!("{text_at}.markdown"));
                    }
                }
            }
            if let Some(uri) = rule.get("helpUri") {
                // An absolute URI (format "uri"): a scheme, a colon, something after it.
                let uri_at = format!("{rule_at}.helpUri");
                let uri = string(uri, &uri_at);
                let scheme = uri
                    .split_once(':')
                    .map(|(scheme, rest)| (scheme, rest.is_empty()));
                assert!(
                    matches!(scheme, Some((s, false)) if !s.is_empty()
                        && s.starts_with(|c: char| c.is_ascii_alphabetic())
                        && s.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))),
                    "{uri_at}: {uri} is not an absolute URI"
                );
            }
            if let Some(config) = rule.get("defaultConfiguration") {
                let config_at = format!("{rule_at}.defaultConfiguration");
                let config = object(config, &config_at, REPORTING_CONFIGURATION, &[]);
                if let Some(level) = config.get("level") {
                    one_of(level, &config_at, LEVELS);
                }
            }
        }
    }
    if let Some(results) = run.get("results") {
        for (i, result) in array(results, &format!("{at}.results")).iter().enumerate() {
            validate_result(result, &format!("{at}.results[{i}]"));
        }
    }
}

fn validate_result(result: &Value, at: &str) {
    let result = object(result, at, RESULT, &["message"]);
    if let Some(id) = result.get("ruleId") {
        string(id, &format!("{at}.ruleId"));
    }
    if let Some(level) = result.get("level") {
        one_of(level, &format!("{at}.level"), LEVELS);
    }
    validate_message(&result["message"], &format!("{at}.message"));
    if let Some(locations) = result.get("locations") {
        for (i, location) in array(locations, &format!("{at}.locations"))
            .iter()
            .enumerate()
        {
            validate_location(location, &format!("{at}.locations[{i}]"));
        }
    }
    for key in ["partialFingerprints", "fingerprints"] {
        if let Some(prints) = result.get(key) {
            let prints_at = format!("{at}.{key}");
            let prints = prints
                .as_object()
                .unwrap_or_else(|| panic!("{prints_at}: not an object"));
            for (name, print) in prints {
                string(print, &format!("{prints_at}.{name}"));
            }
        }
    }
    if let Some(state) = result.get("baselineState") {
        one_of(
            state,
            &format!("{at}.baselineState"),
            &["new", "unchanged", "updated", "absent"],
        );
    }
    if let Some(suppressions) = result.get("suppressions") {
        let suppressions_at = format!("{at}.suppressions");
        for (i, suppression) in array(suppressions, &suppressions_at).iter().enumerate() {
            let s_at = format!("{suppressions_at}[{i}]");
            let suppression = object(suppression, &s_at, SUPPRESSION, &["kind"]);
            one_of(
                &suppression["kind"],
                &format!("{s_at}.kind"),
                &["inSource", "external"],
            );
            if let Some(status) = suppression.get("status") {
                one_of(
                    status,
                    &format!("{s_at}.status"),
                    &["accepted", "underReview", "rejected"],
                );
            }
            if let Some(justification) = suppression.get("justification") {
                string(justification, &format!("{s_at}.justification"));
            }
            if let Some(location) = suppression.get("location") {
                validate_location(location, &format!("{s_at}.location"));
            }
        }
    }
}

fn validate_message(message: &Value, at: &str) {
    let message = object(message, at, MESSAGE, &[]);
    assert!(
        message.contains_key("text") || message.contains_key("id"),
        "{at}: a message needs text or id"
    );
    if let Some(text) = message.get("text") {
        string(text, &format!("{at}.text"));
    }
}

fn validate_location(location: &Value, at: &str) {
    let location = object(location, at, LOCATION, &[]);
    let Some(physical) = location.get("physicalLocation") else {
        return;
    };
    let physical_at = format!("{at}.physicalLocation");
    let physical = object(physical, &physical_at, PHYSICAL_LOCATION, &[]);
    assert!(
        physical.contains_key("artifactLocation") || physical.contains_key("address"),
        "{physical_at}: needs artifactLocation or address"
    );
    if let Some(artifact) = physical.get("artifactLocation") {
        let artifact_at = format!("{physical_at}.artifactLocation");
        let artifact = object(artifact, &artifact_at, ARTIFACT_LOCATION, &[]);
        if let Some(uri) = artifact.get("uri") {
            let uri = string(uri, &format!("{artifact_at}.uri"));
            // A URI reference: no blanks, no backslashes, no bytes outside ASCII.
            assert!(
                uri.bytes().all(|b| b.is_ascii_graphic() && b != b'\\'),
                "{artifact_at}.uri: {uri:?} is not a URI reference"
            );
        }
    }
    for key in ["region", "contextRegion"] {
        if let Some(region) = physical.get(key) {
            let region_at = format!("{physical_at}.{key}");
            let region = object(region, &region_at, REGION, &[]);
            assert!(
                ["startLine", "charOffset", "byteOffset"]
                    .iter()
                    .any(|k| region.contains_key(*k)),
                "{region_at}: needs startLine, charOffset or byteOffset"
            );
            for key in ["startLine", "startColumn", "endLine", "endColumn"] {
                if let Some(n) = region.get(key) {
                    assert!(
                        n.as_u64().is_some_and(|n| n >= 1),
                        "{region_at}.{key}: {n} is not an integer of at least 1"
                    );
                }
            }
        }
    }
}

fn object<'v>(
    value: &'v Value,
    at: &str,
    allowed: &[&str],
    required: &[&str],
) -> &'v Map<String, Value> {
    let object = value
        .as_object()
        .unwrap_or_else(|| panic!("{at}: {value} is not an object"));
    for key in object.keys() {
        assert!(
            allowed.contains(&key.as_str()),
            "{at}: the schema has no property {key:?}"
        );
    }
    for key in required {
        assert!(
            object.contains_key(*key),
            "{at}: the required {key:?} is missing"
        );
    }
    object
}

fn array<'v>(value: &'v Value, at: &str) -> &'v Vec<Value> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("{at}: {value} is not an array"))
}

fn string<'v>(value: &'v Value, at: &str) -> &'v str {
    value
        .as_str()
        .unwrap_or_else(|| panic!("{at}: {value} is not a string"))
}

fn one_of(value: &Value, at: &str, allowed: &[&str]) {
    let text = string(value, at);
    assert!(
        allowed.contains(&text),
        "{at}: {text:?} is none of {allowed:?}"
    );
}

import CalendarModel
@testable import JSCalendar
import JSONReading

/// Whether calbridge's JSCalendar says what a draft example's JSCalendar says, as JSON values:
/// member order never counts; a member the example leaves out may be there when the example's object
/// says `"...": ""`, is the implicit top-level object or an ICalComponent (which the draft lets every
/// conversion fill as it likes), or when it is an `@type`, an `iCalComponent` (which the draft's
/// examples often leave out) or an `iCalProperty` (which says what line an object came from, and
/// which -08 leaves to the implementation: "Implementations MAY preserve the fact that the Link
/// object got converted from a STRUCTURED-DATA property. To so, they MUST set the iCalProperty",
/// and the same of URL and IMAGE); a member the example shows must be there with that value, or be absent
/// where the value is RFC 8984's default. The keys of Id maps (participants, alerts, links,
/// locations, virtualLocations) are the implementation's choice (draft §2.1.3), so their entries are
/// matched by value, each to a different one. Arrays match element by element, except an
/// iCalComponent's `properties` and `components`, of which each shown one must be there.
enum DraftJSONMatch {
    static func matches(_ pattern: JSONValue, _ actual: JSONValue) -> Bool {
        object(group(pattern), group(actual), topLevel: true)
    }

    /// A lone Event or Task stands for the Group holding it (§1.2.2); its prodId is the Group's too.
    private static func group(_ value: JSONValue) -> JSONValue {
        guard value["@type"]?.string != "Group" else { return value }
        var members = [JSONMember(key: "@type", value: .string("Group")), JSONMember(key: "...", value: .string(""))]
        if let prodId = value["prodId"] { members.append(JSONMember(key: "prodId", value: prodId)) }
        members.append(JSONMember(key: "entries", value: .array([value])))
        return .object(members)
    }

    private static let idMaps: Set<String> = ["participants", "alerts", "links", "locations", "virtualLocations"]

    /// RFC 8984's default values of the members the draft's examples show.
    private static let defaults: [String: JSONValue] = [
        "showWithoutTime": .bool(false), "timeZone": .null, "excluded": .bool(false), "sequence": .number("0"),
        "priority": .number("0"), "freeBusyStatus": .string("busy"), "privacy": .string("public"),
        "expectReply": .bool(false), "relativeTo": .string("start"), "participationStatus": .string("needs-action"),
        "interval": .number("1"), "rscale": .string("gregorian"), "skip": .string("omit"), "firstDayOfWeek": .string("mo"),
        "status": .string("confirmed"), "kind": .string("individual"),
    ]

    private static func object(_ pattern: JSONValue, _ actual: JSONValue, topLevel: Bool = false) -> Bool {
        guard case .object(let shown) = pattern, case .object(let found) = actual else { return false }
        let open = topLevel || shown.contains { $0.key == "..." }
        for member in shown where member.key != "..." {
            guard let value = actual[member.key] else {
                if defaults[member.key] != member.value { return false }
                continue
            }
            if !matches(member.value, value, key: member.key) { return false }
        }
        let shownKeys = Set(shown.map(\.key))
        return open
            || found.allSatisfy {
                shownKeys.contains($0.key) || ["@type", "iCalComponent", "iCalProperty"].contains($0.key) || defaults[$0.key] == $0.value
            }
    }

    private static func matches(_ pattern: JSONValue, _ actual: JSONValue, key: String) -> Bool {
        switch (pattern, actual) {
        case (.object(let shown), .object(var found)) where idMaps.contains(key):
            for entry in shown where entry.key != "..." {
                guard let index = found.firstIndex(where: { object(entry.value, $0.value) }) else { return false }
                found.remove(at: index)
            }
            return shown.contains { $0.key == "..." } || found.isEmpty
        case (.object, .object):
            // convertedProperties, like iCalComponent, is what a conversion chooses to keep (-08 §5.1.1:
            // "implementations MAY preserve"), so it may say more than the figure, of lines the figure leaves implicit.
            return object(pattern, actual, topLevel: key == "iCalComponent" || key == "convertedProperties")
        case (.array(let shown), .array(let found)) where key == "properties" || key == "components":
            return shown.allSatisfy { element in found.contains { matches(element, $0, key: "") } }
        case (.array(let shown), .array(let found)):
            return shown.count == found.count && zip(shown, found).allSatisfy { matches($0, $1, key: "") }
        default:
            return pattern == actual
        }
    }
}

/// Whether calbridge's iCalendar says only what a draft example's iCalendar says, as component
/// trees. A JSCalendar example shows part of what its iCalendar example holds (its `"...": ""` stands
/// for the rest), so the iCalendar written from it is compared the other way round: each component
/// written is matched, in order, to the next one of its name in the example, and each property
/// written must be in that component with the same name, the same parameters (in any order, names
/// in any case) and the same value. Property order and line folding are not compared, nor VERSION
/// and DTSTAMP, which RFC 5545 makes mandatory and the draft's notation leaves implicit. A JSPROP
/// line is never in an example: it says calbridge carried a member the draft gives a property.
enum DraftICalendarMatch {
    static func matches(_ shown: Component, _ written: Component) -> Bool {
        guard shown.name == written.name else { return false }
        for property in written.properties where !["VERSION", "DTSTAMP"].contains(property.name) {
            let parameters = Set(property.parameters)
            guard
                shown.properties.contains(where: {
                    $0.name == property.name && $0.value == property.value && Set($0.parameters) == parameters
                })
            else { return false }
        }
        var rest = shown.components[...]
        for component in written.components {
            guard let index = rest.firstIndex(where: { matches($0, component) }) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }
}

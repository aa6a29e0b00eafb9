#if canImport(CLibical)
import CLibical
import Foundation
import CalendarModel

/// Runs libical's own parser over content lines and returns the values it could not read, so that
/// calbridge reports what libical-based tools would stumble on. libical reads each line on its own,
/// inside an otherwise empty VEVENT (it gives a value its type by the property's name and VALUE
/// parameter alone, never by the component around it); its tree is read for X-LIC-ERROR and freed
/// at once, and no pointer leaves this file.
enum LibicalCheck {
    /// One value libical refused, in libical's words ("Can't parse as DATE-TIME value in DTSTART …").
    struct Finding: Equatable, Sendable {
        var message: String
    }

    /// Configures libical once, before any parallel use: unknown IANA properties are properties,
    /// not errors, and no error aborts the process.
    static let configured: Void = {
        ical_set_unknown_token_handling_setting(ICAL_ASSUME_IANA_TOKEN)
        icalerror_set_errors_are_fatal(0)
    }()

    /// libical's verdicts on lines already judged: real files repeat their rules and odd lines
    /// (the same RRULE on hundreds of events), and a verdict depends on nothing but the line.
    private static let verdicts = LineVerdicts()

    /// libical's findings on one unfolded content line.
    static func findings(inLine line: [UInt8]) -> [Finding] {
        if let known = verdicts[line] { return known }
        var text = Array("BEGIN:VEVENT\r\n".utf8)
        text += line
        text += Array("\r\nEND:VEVENT\r\n".utf8)
        let found = findings(in: text)
        verdicts[line] = found
        return found
    }

    /// libical's findings on a whole iCalendar text (a component with everything in it).
    static func findings(in bytes: [UInt8]) -> [Finding] {
        _ = configured
        var terminated = bytes
        terminated.append(0)
        let root: OpaquePointer? = terminated.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { icalparser_parse_string($0.baseAddress) }
        }
        guard let root else { return [] }
        defer { icalcomponent_free(root) }
        var found: [Finding] = []
        collect(root, into: &found)
        return found
    }

    private static func collect(_ component: OpaquePointer, into found: inout [Finding]) {
        var property = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
        while let current = property {
            if isValueError(current), let text = icalproperty_get_xlicerror(current) {
                found.append(Finding(message: String(cString: text)))
            }
            property = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)
        }
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            collect(current, into: &found)
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
    }

    private static func isValueError(_ property: OpaquePointer) -> Bool {
        guard let parameter = icalproperty_get_first_parameter(property, ICAL_XLICERRORTYPE_PARAMETER) else { return false }
        let kind = icalparameter_get_xlicerrortype(parameter)
        return kind == ICAL_XLICERRORTYPE_VALUEPARSEERROR || kind == ICAL_XLICERRORTYPE_PARAMETERVALUEPARSEERROR
    }
}

/// A bounded, thread-safe memory of libical's verdicts by line; the workers of one read share it.
/// `@unchecked Sendable`: `known` is read and written only under `lock`; the rest is constant.
private final class LineVerdicts: @unchecked Sendable {
    /// Lines longer than this (inline attachments) are judged each time rather than kept.
    private static let longestKeptLine = 1_024
    private static let capacity = 4_096
    private let lock = NSLock()
    private var known: [[UInt8]: [LibicalCheck.Finding]] = [:]

    subscript(line: [UInt8]) -> [LibicalCheck.Finding]? {
        get { lock.withLock { known[line] } }
        set {
            guard line.count <= Self.longestKeptLine else { return }
            lock.withLock {
                if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
                known[line] = newValue
            }
        }
    }
}
#else
/// Where libical is not there to ask (iOS, which has no libical), its second opinion is not
/// given: calbridge's own checks still judge every line.
enum LibicalCheck {
    struct Finding: Equatable, Sendable {
        var message: String
    }

    static let configured: Void = ()

    static func findings(inLine _: [UInt8]) -> [Finding] { [] }

    static func findings(in _: [UInt8]) -> [Finding] { [] }
}
#endif

import CalendarModel
import CalendarStores
import ICalendar
import Platform
import TimeZones

/// A source resource's data as the resource a mirror writes: read leniently, as an import reads
/// its inputs, with the VTIMEZONEs its TZIDs need and the source's PRODID, so that what the target
/// gets is what `import` of the same data would send.
enum MirrorResource {
    /// The resource, or why the data cannot be one (a UID held by no component, data that is no
    /// calendar); `diagnostics` gets what the reading repaired, each at a line and column of `name`.
    static func resource(
        from fetched: FetchedResource, named name: String,
        diagnostics: inout [Diagnostic]
    ) -> Result<CalendarResource, MirrorReadFailure> {
        var reader = CalendarStreamReader()
        var calendar = Component(name: "VCALENDAR")
        do {
            try reader.read(InputFile(name: name, contents: fetched.bytes)) { event in
                switch event {
                case .property(let property): calendar.properties.append(property)
                case .component(let read): if let component = read.component { calendar.components.append(component) }
                }
            }
        } catch {
            diagnostics += reader.diagnostics
            return .failure(MirrorReadFailure(uid: fetched.uid, reason: "\(error)"))
        }
        diagnostics += reader.diagnostics
        let producers = calendar["PRODID"].map { [fetched.uid: $0] } ?? [:]
        let split = CalendarResources.split(ZoneUsage.completing(calendar), productIdentifiers: producers)
        guard let resource = split.resources.first(where: { $0.uid == fetched.uid }) ?? split.resources.first else {
            return .failure(MirrorReadFailure(uid: fetched.uid, reason: "\(name) holds no component with a UID"))
        }
        return .success(resource)
    }
}

/// A source resource that could not be read as a calendar: listed as failed, the rest go on.
struct MirrorReadFailure: Error {
    var uid: String
    var reason: String
}

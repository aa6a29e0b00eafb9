import CalendarModel

/// The problems of one file as they are found; readers keep going after a problem so that one run
/// reports them all.
struct TimetableProblems {
    let file: String
    private(set) var list: [TimetableError] = []

    init(file: String) {
        self.file = file
    }

    var isEmpty: Bool { list.isEmpty }

    /// A problem at `place`; one in a CSV row (`row 7, …`) is on that line of the file.
    mutating func add(_ place: String, _ message: String, at location: SourceLocation? = nil) {
        let row = place.hasPrefix("row ") ? Int(place.dropFirst(4).prefix { $0.isNumber }) : nil
        list.append(TimetableError(file: file, place: place, message: message, at: location ?? row.map { SourceLocation(line: $0) }))
    }

    var errors: TimetableErrors { TimetableErrors(problems: list) }
}

/// Where an item of a timetable came from, so a check on the whole item can name one of its fields.
enum ItemPlace: Hashable {
    /// A JSON object at this path, such as `$.lectures[3]`.
    case json(String)
    /// A CSV record beginning on this line of the file.
    case row(Int)
    /// A `# key=value` line of a CSV file; it has one value, so every field is the line itself.
    case setting(row: Int, key: String)

    var whole: String {
        switch self {
        case .json(let path): path
        case .row(let row): "row \(row)"
        case .setting(let row, let key): "row \(row), \(key)"
        }
    }

    func field(_ name: String) -> String {
        switch self {
        case .json(let path): "\(path).\(name)"
        case .row(let row): "row \(row), column \(name)"
        case .setting: whole
        }
    }
}

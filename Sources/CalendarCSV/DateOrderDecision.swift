import CalendarModel

/// The order a calendar CSV's dates are read in, decided once for the whole file and never guessed:
/// a date's own form settles it (ISO is year first, a dotted date day first), else `--date-order`,
/// else the file's slashed dates, of which one that reads only one way (a number over 12, say)
/// tells month from day.
struct DateOrderDecision {
    private var given: DateOrder?
    /// The first slashed date whose numbers settle the order, and where it stands.
    private var settledBy: (order: DateOrder, text: String, place: SourceLocation)?

    /// Looks at every date cell (`cells`: text and place) and decides; throws when the file's
    /// slashed dates all read both ways and the user gave no order.
    init(cells: [(text: String, place: SourceLocation)], given: DateOrder?, file: String) throws {
        self.given = given
        var firstAmbiguous: (text: String, place: SourceLocation)?
        for cell in cells {
            guard case .success(let date) = SpreadsheetDate.read(cell.text), date.ownOrder == nil else { continue }
            let orders = date.possibleOrders
            if orders.count == 1 {
                settledBy = (orders[0], cell.text, cell.place)
                break
            }
            // A date of neither order tells nothing; its row is refused at its cell.
            if orders.count == 2 { firstAmbiguous = firstAmbiguous ?? cell }
        }
        guard given == nil, settledBy == nil, let ambiguous = firstAmbiguous else { return }
        let problem = Diagnostic(
            .error, file: file, at: ambiguous.place,
            "every date in the file reads both month first and day first (\(ambiguous.text) is one)")
        throw InvalidCalendarData(
            diagnostics: [problem],
            advice: "give --date-order mdy (month first, as US Outlook and Google write) or --date-order dmy (day first)")
    }

    /// The date a cell holds, or the problem to report at its place.
    func date(_ text: String) -> Result<CalendarDate, DateReadingProblem> {
        let written: SpreadsheetDate
        switch SpreadsheetDate.read(text) {
        case .success(let date): written = date
        case .failure(let problem): return .failure(DateReadingProblem(message: "\(text) \(problem.message)"))
        }
        let order = written.ownOrder ?? given ?? settledBy?.order ?? .mdy
        if let date = written.date(in: order) { return .success(date) }
        return .failure(DateReadingProblem(message: "\(text) is not a date read \(Self.name(order)) \(reason(for: written))"))
    }

    /// Why the order was taken, for a date that contradicts it.
    private func reason(for written: SpreadsheetDate) -> String {
        if written.ownOrder != nil { return "(its form says so)" }
        if let given { return "as --date-order \(given.rawValue) says" }
        guard let settledBy else { return "" }
        return "as \(settledBy.text) at \(settledBy.place) says the file writes them; give --date-order if the file mixes orders"
    }

    private static func name(_ order: DateOrder) -> String {
        switch order {
        case .mdy: "month first"
        case .dmy: "day first"
        case .ymd: "year first"
        }
    }
}

/// A date cell that cannot be read, said in full.
struct DateReadingProblem: Error {
    var message: String
}

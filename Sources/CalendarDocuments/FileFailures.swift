import CalendarModel
import Platform

// The file modules sit below the model, so their errors say themselves here, where documents are
// opened and written.

extension InputFile.OpenError: ExplainedFailure {
    package var kind: FailureKind { isMissing || isDirectory ? .missingInput : .ioError }
    package var file: String? { name }

    package var message: String {
        let said = advice ?? (isMissing ? "check the name and the path" : nil)
        return "\(name): \(reason)" + (said.map { "; " + $0 } ?? "")
    }
}

extension AtomicFile.Failure: ExplainedFailure {
    package var kind: FailureKind {
        if case .cannotCreate = self { return .cannotCreateOutput }
        return .ioError
    }

    package var message: String {
        if case .cannotCreate = self { return "\(self); check that the folder exists and can be written to" }
        return description
    }

    package var file: String? {
        switch self {
        case .cannotCreate(let path, _), .cannotWrite(let path, _): path
        }
    }
}

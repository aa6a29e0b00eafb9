/// A request that cannot be carried out as asked: a format this build does not read or write, an
/// input that would have to be read twice, days or a zone a command cannot use (the command line:
/// exit 64). The message says what to write instead.
package struct UsageProblem: ExplainedFailure, Sendable {
    package var message: String
    package var kind: FailureKind { .usage }

    package init(message: String) {
        self.message = message
    }
}

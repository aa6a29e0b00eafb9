/// What is wrong in a content line: where in it, and, when the line was read all the same, what the
/// reading did about it.
@usableFromInline
package struct ContentLineProblem: Error, Sendable {
    package var offset: Int
    package var message: String
    package var repair: String?

    @usableFromInline
    package init(offset: Int, message: String, repair: String? = nil) {
        self.offset = offset
        self.message = message
        self.repair = repair
    }
}

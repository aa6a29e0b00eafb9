import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One answer of a CalDAV server as it arrives: the status and headers first, then the body in the
/// pieces the connection delivers, handed from the event loop to the thread that waits for them.
///
/// Every wait ends by the request's deadline, on this side: AsyncHTTPClient's own deadline and
/// timeouts were seen not to end a request to a wedged server (threads waited for over ten minutes
/// behind a 120 s deadline), so a wait that outlives the deadline cancels the request and throws
/// `HTTPClientError.deadlineExceeded` whatever the client does. A few pieces wait here at most;
/// beyond that the connection is not read until the reader takes one, so a large answer streams
/// through in little memory.
///
/// `@unchecked Sendable`: the event loop and the reading thread share it, and every field they both
/// touch is read and written under `condition` (the deadlines are constants).
final class CalDAVResponseStream: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = Void

    /// What arrived and what the reader is waiting for, all under `condition`.
    private let condition = NSCondition()
    private var head: HTTPResponseHead?
    private var pieces: [ByteBuffer] = []
    private var ended = false
    private var failure: (any Error)?
    /// The connection's reading, held back while `pieces` is full.
    private var heldBack: EventLoopPromise<Void>?
    private var task: HTTPClient.Task<Void>?
    /// When the head must be in, and the whole answer.
    private let headDeadline: Date
    private let deadline: Date

    private static let piecesAhead = 8

    init(headBy headDeadline: Date, endBy deadline: Date) {
        (self.headDeadline, self.deadline) = (min(headDeadline, deadline), deadline)
    }

    /// Starts `request` on `client` with this stream as its delegate. The client's own deadline is
    /// half a minute later than this side's, as a second line only: this side's is the one that ends it.
    func start(_ request: HTTPClient.Request, on client: HTTPClient) {
        let started = client.execute(
            request: request, delegate: self,
            deadline: .now() + .nanoseconds(Int64((deadline.timeIntervalSinceNow + 30) * 1e9)))
        condition.withLock { task = started }
    }

    /// The status and headers, once they are there.
    func waitForHead() throws -> HTTPResponseHead {
        try waitFor(until: headDeadline) { $0.head }
    }

    /// The next piece of the body, or nil at its end.
    func nextPiece() throws -> [UInt8]? {
        let (piece, release): ([UInt8]?, EventLoopPromise<Void>?) = try waitFor(until: deadline) { stream in
            if !stream.pieces.isEmpty {
                var buffer = stream.pieces.removeFirst()
                let release = stream.pieces.count < Self.piecesAhead ? stream.heldBack : nil
                if release != nil { stream.heldBack = nil }
                return (buffer.readBytes(length: buffer.readableBytes) ?? [], release)
            }
            return stream.ended ? (nil, nil) : nil
        }
        release?.succeed(())
        return piece
    }

    /// The rest of the body.
    func collect() throws -> [UInt8] {
        var body: [UInt8] = []
        while let piece = try nextPiece() { body += piece }
        return body
    }

    /// Ends the request where it stands, for a reader that stops before the end of the body.
    func cancel() {
        let (started, release) = condition.withLock { () -> (HTTPClient.Task<Void>?, EventLoopPromise<Void>?) in
            defer { heldBack = nil }
            return (ended ? nil : task, heldBack)
        }
        release?.succeed(())
        started?.cancel()
    }

    /// Waits until `ready` gives a value, a failure arrives or `deadline` passes, which cancels the request.
    private func waitFor<Value>(until deadline: Date, _ ready: (CalDAVResponseStream) -> Value?) throws -> Value {
        condition.lock()
        while true {
            if let value = ready(self) {
                condition.unlock()
                return value
            }
            if let failure {
                condition.unlock()
                throw failure
            }
            guard condition.wait(until: deadline) || Date() < deadline else { break }
        }
        let (started, release) = (task, heldBack)
        failure = HTTPClientError.deadlineExceeded
        heldBack = nil
        condition.unlock()
        release?.succeed(())
        started?.cancel()
        throw HTTPClientError.deadlineExceeded
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        condition.withLock {
            self.head = head
            condition.broadcast()
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        condition.withLock {
            pieces.append(buffer)
            condition.broadcast()
            guard pieces.count >= Self.piecesAhead, failure == nil else { return task.eventLoop.makeSucceededVoidFuture() }
            let promise = task.eventLoop.makePromise(of: Void.self)
            heldBack = promise
            return promise.futureResult
        }
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        condition.withLock {
            if failure == nil { failure = error }
            condition.broadcast()
        }
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        condition.withLock {
            ended = true
            condition.broadcast()
        }
    }
}

import AsyncHTTPClient
import CalendarWebFormats
import Foundation
import NIOCore
import NIOHTTP1

/// Sends requests to one CalDAV server over the process's long-lived `HTTPClient` (its pool keeps
/// connections alive between requests) and waits for each answer, so the synchronous ``CalendarStore``
/// API can sit on top. Passing failures are retried per `CalDAVRetryPolicy`, waiting on a ``RetryClock``;
/// what is left after that becomes `StoreError.unavailable`.
///
/// Credentials go only in the `Authorization` header, which nothing here prints. Redirects are not
/// followed: a redirect to another host would carry the header with it.
final class CalDAVTransport {
    let endpoint: CalDAVEndpoint
    var policy = CalDAVRetryPolicy()
    private let clock: any RetryClock
    private let authorization: String?
    private let user: String?
    private let passwordGiven: Bool
    private let lock = NSLock()
    private var isClosed = false
    /// The servers (scheme, host and port) that have answered this process: a connection to one of
    /// them that fails is passing, whichever transport (discovery's, the store's) it went through.
    /// `nonisolated(unsafe)`: read and written only under `answeredLock`.
    nonisolated(unsafe) private static var answered: Set<String> = []
    private static let answeredLock = NSLock()
    private var tooManyRequestsWatcher: (@Sendable (_ retryAfter: Double?) -> Void)?

    /// Told of each 429 Too Many Requests (with its `Retry-After` in seconds) before the request is
    /// tried again, so a caller sending many at once can send fewer.
    var onTooManyRequests: (@Sendable (_ retryAfter: Double?) -> Void)? {
        get { lock.withLock { tooManyRequestsWatcher } }
        set { lock.withLock { tooManyRequestsWatcher = newValue } }
    }
    private var triesSent = 0

    /// Every try sent so far, retries included: what a run reports as its requests.
    var requestsSent: Int {
        lock.withLock { triesSent }
    }

    init(
        endpoint: CalDAVEndpoint, user: String?, password: String?,
        clock: any RetryClock = BlockingClock()
    ) throws(CalDAVError) {
        let user = user ?? endpoint.userInfo?.user
        let password = password ?? endpoint.userInfo?.password
        self.user = user
        passwordGiven = password != nil
        if let user {
            guard endpoint.mayCarryCredentials else { throw .credentialsNeedHTTPS(host: endpoint.host) }
            authorization = "Basic " + Data("\(user):\(password ?? "")".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
        self.endpoint = endpoint
        self.clock = clock
    }

    /// One client for the whole process, never shut down. AsyncHTTPClient 1.37's shutdown can race
    /// the pool taking back the connection of the answer just returned ("A connection that we don't
    /// know was released?", a crash seen in about 1 of 12 store test runs), and one client per process
    /// is what it recommends anyway; idle connections close after its idle timeout.
    ///
    /// The pool does not retry a connection that fails (it would, until the connect timeout, so a
    /// refused connection took three times ten seconds): `send` retries, and only once the server
    /// has answered.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(60)))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 32
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Refuses later requests. Safe to call more than once.
    func close() {
        lock.lock()
        isClosed = true
        lock.unlock()
    }

    private var closed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isClosed
    }

    /// Sends a WebDAV XML body (PROPFIND, REPORT, MKCALENDAR).
    func send(_ method: String, path: String, depth: String? = nil, body: CalDAVRequestBody) throws -> CalDAVReply {
        try send(method, path: path, headers: Self.headers(depth: depth, body: body), body: body.bytes)
    }

    /// Sends a WebDAV XML body whose multistatus answer is read as it arrives, each response handed
    /// to `onResponse` and then forgotten. Returns the reply with an empty body when the server
    /// answered 207, else whatever it answered. An answer that breaks off before its first response
    /// is tried again, as any passing failure; one that breaks off later is not (its first responses
    /// have gone on): it is `StoreError.unavailable`.
    func stream(
        _ method: String, path: String, depth: String?, body: CalDAVRequestBody,
        onResponse: (DAVResponse) throws -> Void
    ) throws -> CalDAVReply {
        let started = clock.now
        var tries = 0
        while true {
            tries += 1
            do {
                return try streamOnce(method, path: path, depth: depth, body: body, onResponse: onResponse)
            } catch let error as BrokenOff where error.read == 0 {
                let elapsed = clock.now - started
                guard let wait = policy.delay(afterTries: tries, elapsed: elapsed, retryAfter: nil) else {
                    throw StoreError.unavailable(error.account)
                }
                clock.wait(seconds: wait)
            } catch let error as BrokenOff {
                throw StoreError.unavailable(error.account)
            }
        }
    }

    private func streamOnce(
        _ method: String, path: String, depth: String?, body: CalDAVRequestBody,
        onResponse: (DAVResponse) throws -> Void
    ) throws -> CalDAVReply {
        var multistatus: (head: CalDAVReply, stream: CalDAVResponseStream)?
        let reply = try send(
            method, path: path, headers: Self.headers(depth: depth, body: body), body: body.bytes,
            seconds: policy.streamSeconds
        ) { head, stream in
            guard head.status == 207 else { return nil }
            multistatus = (head, stream)
            return head
        }
        guard let (head, stream) = multistatus else { return reply }
        var read = 0
        do {
            _ = try MultistatusReader().read(
                chunks: {
                    do { return try stream.nextPiece() } catch { throw BrokenOff(cause: error, read: 0, account: "") }
                },
                onResponse: { response in
                    read += 1
                    try onResponse(response)
                })
        } catch let error as BrokenOff {
            stream.cancel()
            throw BrokenOff(
                cause: error.cause, read: read,
                account: "the answer to \(method) \(endpoint.url(forPath: path)) "
                    + "broke off after \(read) resources: \(Self.describe(error.cause))")
        } catch let error as MultistatusError {
            stream.cancel()
            throw CalDAVError.unreadableAnswer(String(describing: error))
        } catch {
            stream.cancel()
            throw error
        }
        return head
    }

    /// The connection failed while a streamed answer was being read.
    private struct BrokenOff: Error {
        var cause: any Error
        /// Responses handed on before it broke off, and what to tell.
        var read: Int
        var account: String
    }

    private static func headers(depth: String?, body: CalDAVRequestBody) -> [(name: String, value: String)] {
        [(name: "Content-Type", value: body.contentType)] + (depth.map { [(name: "Depth", value: $0)] } ?? [])
    }

    /// Sends a request to a decoded path of the server, retrying passing failures; any status the
    /// server gives in the end is returned, not thrown, but 401, which throws
    /// `CalDAVError.unauthorized`. A server that cannot be reached before it ever answered is
    /// `StoreError.unavailable` at once: it is not there, rather than gone for a moment.
    ///
    /// Each try has `seconds` (the policy's `requestSeconds` by default) until its whole answer is
    /// in. `keep` may take over an answer from its head on (returning the reply to give back); the
    /// body of one it leaves is read whole.
    func send(
        _ method: String, path: String, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
        seconds: Double? = nil,
        keep: (CalDAVReply, CalDAVResponseStream) throws -> CalDAVReply? = { _, _ in nil }
    ) throws -> CalDAVReply {
        let url = endpoint.url(forPath: path)
        let started = clock.now
        var tries = 0
        while true {
            tries += 1
            let outcome: Result<CalDAVReply, any Error>
            do {
                let (head, stream) = try open(method, url: url, headers: headers, body: body, seconds: seconds ?? policy.requestSeconds)
                Self.answeredLock.withLock { _ = Self.answered.insert(endpoint.origin.lowercased()) }
                if head.status != 401, !Self.isPassing(head.status), let kept = try keep(head, stream) { return kept }
                outcome = .success(CalDAVReply(status: head.status, headers: head.headers, body: try stream.collect()))
            } catch {
                outcome = .failure(error)
            }
            let retryAfter: Double?
            let reason: String
            switch outcome {
            case .success(let reply) where reply.status == 401:
                throw CalDAVError.unauthorized(user: user, passwordGiven: passwordGiven)
            case .success(let reply) where !Self.isPassing(reply.status):
                return reply
            case .success(let reply):
                retryAfter = CalDAVRetryPolicy.retryAfterSeconds(reply.header("retry-after"))
                reason = "the server answered \(reply.status)"
                if reply.status == 429 { onTooManyRequests?(retryAfter) }
            case .failure(let error):
                guard Self.isPassing(error), Self.answeredLock.withLock({ Self.answered.contains(endpoint.origin.lowercased()) }) else {
                    throw StoreError.unavailable("\(method) \(url) failed: \(Self.describe(error))")
                }
                retryAfter = nil
                reason = Self.describe(error)
            }
            let elapsed = clock.now - started
            guard let wait = policy.delay(afterTries: tries, elapsed: elapsed, retryAfter: retryAfter) else {
                let account = "\(method) \(url) failed \(tries) time\(tries == 1 ? "" : "s") in \(Int(elapsed.rounded())) s: \(reason)"
                // A server error to the last try of a write is the server answering: whether it is this
                // item's fault or the server's is for the caller to judge from its other writes.
                if case .success(let reply) = outcome, reply.status >= 500, ["PUT", "DELETE"].contains(method) {
                    throw StoreError.failedRepeatedly(account)
                }
                throw StoreError.unavailable(account)
            }
            clock.wait(seconds: wait)
        }
    }

    /// Starts one try and waits for the head of its answer; the body follows through the stream.
    private func open(
        _ method: String, url: String, headers: [(name: String, value: String)], body: [UInt8]?,
        seconds: Double
    ) throws -> (CalDAVReply, CalDAVResponseStream) {
        guard !closed else { throw HTTPClientError.alreadyShutdown }
        lock.withLock { triesSent += 1 }
        var httpHeaders = HTTPHeaders(headers.map { ($0.name, $0.value) })
        if let authorization { httpHeaders.add(name: "Authorization", value: authorization) }
        let request = try HTTPClient.Request(
            url: url, method: HTTPMethod(rawValue: method), headers: httpHeaders,
            body: body.map { .bytes($0) })
        // The deadline bounds a server that trickles bytes forever or never answers at all;
        // timeouts alone reset on each byte.
        let now = Date()
        let stream = CalDAVResponseStream(headBy: now.addingTimeInterval(policy.requestSeconds), endBy: now.addingTimeInterval(seconds))
        stream.start(request, on: Self.client)
        let head = try stream.waitForHead()
        return (
            CalDAVReply(
                status: Int(head.status.code), headers: head.headers.map { (name: $0.name.lowercased(), value: $0.value) },
                body: []), stream
        )
    }

    /// 5xx, 429 Too Many Requests, 408 Request Timeout and 423 Locked (Xandikos answers it while
    /// another request holds its repository) say "not now" rather than "no".
    private static func isPassing(_ status: Int) -> Bool {
        status >= 500 || status == 429 || status == 408 || status == 423
    }

    /// Timeouts and connections refused, reset or closed pass; a bad URL or a shut-down client do not.
    private static func isPassing(_ error: any Error) -> Bool {
        guard let error = error as? HTTPClientError else { return true }
        let passing: [HTTPClientError] = [
            .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .remoteConnectionClosed,
            .getConnectionFromPoolTimeout, .tlsHandshakeTimeout, .uncleanShutdown,
        ]
        return passing.contains(error)
    }

    /// A short reason: the usual network failures in words, anything else as its description,
    /// shortened to whole words.
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        for (clue, words) in [
            ("refused", "connection refused: nothing listens there"), ("ECONNRESET", "connection reset"),
            ("connectTimeout", "no answer to the connection within 10 s"),
            ("deadlineExceeded", "no whole answer within the time allowed"),
            ("NXDOMAIN", "unknown host"), ("resolve", "the host name could not be resolved"),
        ]
        where text.contains(clue) {
            return words
        }
        guard text.count > 200 else { return text }
        let cut = text.prefix(200)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + " …"
    }
}

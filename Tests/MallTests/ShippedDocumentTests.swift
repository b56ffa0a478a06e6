import MallTestSupport
import Middleware
import Testing

@testable import Appointment

/// The service's document the mall ships (`Service/api/queues.json`) and the records embedded in
/// Appointment are one source: the document is the embedded records written out, byte for byte.
///
/// The mall checks it, not Appointment's own tests: Appointment is a package of its own, tested alone
/// where the mall's service documents are not (from its published repository too), and the mall is
/// what ships the document for whichever version of Appointment it takes.
@Suite("Appointment's shipped document")
struct AppointmentDocumentTests {
    @Test func theShippedDocumentIsTheEmbeddedRecords() throws {
        try ServiceDocument.check("queues", holds: Records.served(QueueCatalog(queues: QueueRecord.samples)))
    }
}

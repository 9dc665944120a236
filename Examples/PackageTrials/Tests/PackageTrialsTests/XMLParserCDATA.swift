import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The CDATA blocks Foundation's `XMLParser` reports for a document, with no XMLCoder in between: where
/// XMLCoder reads a CDATA section wrong, this tells whether the parser under it already did.
final class XMLParserCDATA: NSObject, XMLParserDelegate {
    private var blocks: [String] = []

    static func blocks(in document: String) -> [String] {
        let parser = XMLParser(data: Data(document.utf8))
        let delegate = XMLParserCDATA()
        parser.delegate = delegate
        _ = parser.parse()
        return delegate.blocks
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        blocks.append(String(decoding: block, as: UTF8.self))
    }
}

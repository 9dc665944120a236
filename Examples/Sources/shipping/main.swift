import ShippingSpec
import TallyCommandLine

await TallyCommandLine.main(properties: [ShippingSpec.suite], tables: [ShippingSpec.tables])

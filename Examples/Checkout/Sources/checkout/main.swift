import TallyCommandLine

await TallyCommandLine.main()

// Package brass is the rules engine of Brass: Birmingham (Martin Wallace;
// Gavan Brown and Matt Tolman; Roxley, 2018) for 2–4 players, the full
// game and the introductory game (option "intro"). It implements
// engine.Title: Title.New sets a game up, and the engine.Match it returns
// is immutable (Apply returns a new one).
//
// Every number and the whole map are in one table, Standard (edition.go),
// validated when the package loads; the rule decisions where the rulebook
// is silent are in DECISIONS.md (D1–D15 of the component sheet and the
// engine's own).
//
// # Legality
//
// Legality is defined once, by state.check: Legal lists the candidate
// actions of the step and keeps those check accepts; Apply refuses
// whatever check refuses, with a refusal that names what is missing. The
// coal, iron and beer a move consumes are found by the same functions when
// checking and when playing (coalPlan, ironPlan, checkBeer). A refusal
// is a small value (refusal) that becomes the rule error only when Apply
// reports it. Legal checks each candidate with a memo of the position
// (memo.go: the map's connected parts, coal and iron costs, networks,
// placement answers) and skips candidates check would refuse for money,
// tiles or the network; TestLegalMatchesCheck and
// TestLegalIsExactlyWhatApplyAccepts keep it equal to check and to Apply
// over every candidate, TestMemoPartsEqualDistances the memo's answers
// equal to the distances'. A Sim (sim.go) plays in place, reuses its memo
// and list, and builds no event messages.
//
// # Turn structure
//
// A turn is StepAction (one action in the first Canal round, else two,
// each discarding a card; multi-part actions go through StepScout,
// StepDevelop, StepRail, StepSell, StepGloucester, and StepCoal or StepIron
// when the source of a cube is a real choice) and then StepEndTurn,
// whose End turn refills the hand: the only move of a turn that reveals
// anything, so both actions can be undone until it. After a round's last
// turn the turn order is set by money spent, income is paid (StepShortfall:
// every seat short decides at once), and after an era's last round the era
// is scored.
//
// # Places
//
// Label.Where and Event.Where name places as ints:
//
//	0..48     build space si (Edition.Spaces order: the towns' spaces in
//	          the table's order, then the two farm breweries)  PlaceSpace(si)
//	100+l     line l (0..38, Edition.Lines order)              PlaceLine(l)
//	200+k     merchant space k (0..8)                          PlaceMerchant(k)
//	300+loc   a location (0..26)                               PlaceLoc(loc)
//	400, 401  the coal market, the iron market                 PlaceCoalMarket, PlaceIronMarket
package brass

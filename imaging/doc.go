// Package imaging holds what every title's pictures share: the embedded
// fonts and text measurement (Measurer, Canvas), seat colours and letters
// (Seat, SeatLabel), neutral colours, the paletted quantizer (Palette) and
// the PNG encoder (EncodePNG), layouts as data (Layout) and the legibility
// measures of the chat column (PhoneIllegible at 400 px wide, the laxer
// floor Illegible), and the Renderer contract with
// its registry (Renderers).
//
// Each title's drawing lives in a package below this one (imaging/tinners,
// package tinnersimg) that reads only that title's views. Dependencies
// point inward: imaging and its title packages import engine, never bot or
// storage.
package imaging

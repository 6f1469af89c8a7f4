module github.com/tinnersbot/tinnersbot

go 1.26.8
